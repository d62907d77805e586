import { useEffect, useState } from "react";
import { REFERRAL_STORAGE_KEY } from "../referral-capture";

/** A hidden field carrying the stored referral code with the sign-up form. */
export function ReferralField() {
  const [code, setCode] = useState("");
  useEffect(() => {
    try {
      setCode(window.localStorage.getItem(REFERRAL_STORAGE_KEY) ?? "");
    } catch {
      setCode("");
    }
  }, []);
  return <input type="hidden" name="referral" value={code} />;
}
