import { type CustomerProfile, formatPhoneNational } from '@kitchaco/domain';
import { Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ProfileForm } from './profile-form';

interface ProfileModalProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  profile: CustomerProfile;
}

export function ProfileModal({ opened, onClose, userId, profile }: ProfileModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Your profile" centered>
      <Stack>
        {profile.phone && <Text>Mobile number: {formatPhoneNational(profile.phone)}</Text>}
        <ProfileForm
          userId={userId}
          profile={profile}
          submitLabel="Save"
          onSaved={() => {
            notifications.show({ message: 'Your profile is saved.', color: 'green' });
            onClose();
          }}
        />
      </Stack>
    </Modal>
  );
}
