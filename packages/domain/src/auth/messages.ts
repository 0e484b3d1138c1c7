/** User-facing sign-in messages, exactly as existing clients and staff know them (spelling included). */
export const AUTH_MESSAGES = {
  /** stock or operator login attempted by a super admin */
  useSuperAdminPage: 'Error! Please login using the super admin login page!',
  /** wrong credentials, or an account without the role the page needs */
  authenticationError: 'Authentication Error! Please try again.',
  /** super admin login by someone who is not a super admin */
  noAccess: "You don't have access to this page! Please try again!",
  /** network failure on staff login; customer login failure */
  tryAgain: 'Error! Please try again!',
  /** a staff call whose credential is missing, expired or revoked */
  signInRequired: 'Please sign in again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  codeInvalid: 'The code is wrong or has expired. Please request a new code.',
  phoneInvalid: 'Please enter a valid Australian or UK mobile number.',
} as const;
