import { MAX_IMAGE_BYTES, MENU_MESSAGES } from '@kitchaco/domain';

const MAX_MB = MAX_IMAGE_BYTES / (1024 * 1024);

/** The words of menu management: the spec's (MENU_MESSAGES) plus those of this app's own screens. */
export const MENUS_TEXT = {
  ...MENU_MESSAGES,
  /** The same words the server uses when it refuses an upload. */
  imageType: 'The image must be a JPEG, PNG or WebP file.',
  imageTooLarge: `The image is larger than ${MAX_MB} MB.`,
  imageRules: `JPEG, PNG or WebP, at most ${MAX_MB} MB. Stored as WebP, resized to fit 1200 × 1200 px.`,
  loading: 'Loading...',
  savedForReview: "Saved. Your changes are waiting for the super admin's review.",
  waitingBanner:
    "This meal is waiting for the super admin's review. Customers do not see it until it is approved.",
  pendingNote:
    'Customers still see the live version until the super admin approves this change. Saving again replaces it; saving the live values withdraws it.',
  rejectedBanner:
    'The super admin rejected this meal. Change it and submit again to send it back for review.',
  comboExplained:
    'Combos are extras for an additional price: a customer may choose several of them with the meal.',
  subitemExplained:
    'Sub items are pick-one choices at no extra cost: a customer chooses one of them (a flavour, a protein).',
  noCombos: 'No combos yet.',
  noSubitems: 'No sub items yet.',
  operatorStatus: "An operator's change always waits for the super admin's review.",
} as const;

/** The image types the server accepts (it checks the bytes; this checks the browser's type first). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
