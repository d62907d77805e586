/**
 * Every addon the product sells. Certificates and video meetings (Zoom, Jitsi) round out
 * the learning experience; transcription, e-mail verification and the AI tutor are metered
 * services with their own usage limits; white-label removes platform branding. Plans list
 * the subset they include, and Professional includes all of them.
 */
export const ALL_ADDONS = [
  "certificates",
  "zoom",
  "jitsi",
  "transcribe",
  "email_verify",
  "ai_tutor",
  "whitelabel",
] as const;

export type AddonId = (typeof ALL_ADDONS)[number];

/** Status text shown in place of a price on the addons screen (spec §4). */
export type AddonPriceStatus = "Active" | "Free" | "Coming soon";

export interface Addon {
  id: AddonId;
  label: string;
  description: string;
  link: string;
  price: AddonPriceStatus;
  badge?: string;
}

export const ADDONS: readonly Addon[] = [
  {
    id: "certificates",
    label: "Certificates",
    description: "Award printable certificates when a student completes a course.",
    link: "/docs/addons/certificates",
    price: "Free",
  },
  {
    id: "zoom",
    label: "Zoom",
    description: "Schedule Zoom meetings for classes and appointments.",
    link: "/docs/addons/zoom",
    price: "Free",
  },
  {
    id: "jitsi",
    label: "Jitsi Meet",
    description: "Host live classes on Jitsi without leaving your site.",
    link: "/docs/addons/jitsi",
    price: "Active",
  },
  {
    id: "transcribe",
    label: "Transcription",
    description: "Turn uploaded lesson audio and video into searchable text.",
    link: "/docs/addons/transcribe",
    price: "Active",
  },
  {
    id: "email_verify",
    label: "E-mail verification",
    description: "Check that new contacts have deliverable e-mail addresses.",
    link: "/docs/addons/email-verify",
    price: "Active",
  },
  {
    id: "ai_tutor",
    label: "AI tutor",
    description: "Let students ask questions about a course and get answers from its content.",
    link: "/docs/addons/ai-tutor",
    price: "Coming soon",
    badge: "New",
  },
  {
    id: "whitelabel",
    label: "White label",
    description: "Remove platform branding from your site and e-mails.",
    link: "/docs/addons/whitelabel",
    price: "Active",
    badge: "Pro",
  },
];

export function findAddon(id: string): Addon | undefined {
  return ADDONS.find((addon) => addon.id === id);
}
