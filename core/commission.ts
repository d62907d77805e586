// Affiliate commissions (spec §3 Referral / Commission, §4 Referral reward_status, §9 Commerce).

export type CommissionType = "flat" | "percentage";
export type ReferralAffiliate = {
  commissionType: CommissionType;
  commissionValue: number;
  settings: { autoApprove: boolean; oneTimePayout: boolean };
};

/** Percentage: round(value × total_amount / 100); flat: the value itself (minor units). Never negative. */
export function commissionAmount(type: CommissionType, value: number, totalAmount: number): number {
  const v = Math.max(0, value);
  return type === "percentage" ? Math.round((v * Math.max(0, totalAmount)) / 100) : Math.round(v);
}

/** Anything other than 'complete' is eligible for a commission. */
export const referralEligible = (rewardStatus: string | null | undefined) => rewardStatus !== "complete";

/** 'referral' when the affiliate auto-approves, else 'pendingReferral'. */
export const commissionKind = (a: ReferralAffiliate) => (a.settings.autoApprove ? "referral" : "pendingReferral");

/** With oneTimePayout the referral becomes complete after its commission. */
export const referralStatusAfterCommission = (a: ReferralAffiliate, current: string) =>
  a.settings.oneTimePayout ? "complete" : current;
