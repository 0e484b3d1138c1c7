import { Container } from '@mantine/core';
import { DocumentTitle } from '../../components/document-title';
import { LocationHeading } from '../../features/customer-shell/components/location-heading';

export function CustomerHomePage() {
  return (
    <Container size="xl" px={0}>
      <DocumentTitle title="Order from your pickup location" />
      <LocationHeading />
    </Container>
  );
}
