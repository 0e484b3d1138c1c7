import type { CustomerProfile } from '@kitchaco/domain';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { isProfileIncomplete } from '../api/customer-profile';
import type { CustomerSignIn } from '../hooks/use-customer-sign-in';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import { ProfileForm } from './profile-form';

type Step =
  | { name: 'phone' }
  | { name: 'code'; phone: string }
  | { name: 'profile'; userId: number; profile: CustomerProfile };

const TITLES: Record<Step['name'], string> = {
  phone: 'Sign in',
  code: 'Enter your code',
  profile: 'Complete your profile',
};

interface CustomerLoginModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Phone, then code, then (when the name or email is missing) the profile, in one modal. */
export function CustomerLoginModal({ opened, onClose }: CustomerLoginModalProps) {
  const [step, setStep] = useState<Step>({ name: 'phone' });

  const close = () => {
    onClose();
    setStep({ name: 'phone' });
  };

  const signedIn = ({ userId, profile }: CustomerSignIn) => {
    if (profile && isProfileIncomplete(profile)) setStep({ name: 'profile', userId, profile });
    else window.location.reload();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={TITLES[step.name]}
      closeOnClickOutside={step.name === 'phone'}
      size="md"
      centered
    >
      {step.name === 'phone' && <PhoneStep onCodeRequested={(phone) => setStep({ name: 'code', phone })} />}
      {step.name === 'code' && (
        <CodeStep
          phone={step.phone}
          onChangeNumber={() => setStep({ name: 'phone' })}
          onSignedIn={signedIn}
        />
      )}
      {step.name === 'profile' && (
        <ProfileForm userId={step.userId} profile={step.profile} submitLabel="Continue" onSaved={close} />
      )}
    </Modal>
  );
}
