// The writes the appointment screens post (instructors' own screen, the managers' one, and the
// member's bookings): cancel, move, attendance, a type's settings, its switch, and weekly hours.
// Each answers { ok: true, intent } or a refusal in the one error shape, with its status.
import type { AtriumLoadContext } from "../../server/http/load-context";
import { typeInputOf } from "./appointment-form";
import { actionResult, unknownIntent } from "./action-result";

export async function appointmentAction(context: AtriumLoadContext, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const s = context.services.appointments;
  const done = { ok: true as const, intent };
  return actionResult(async () => {
    switch (intent) {
      case "cancel":
        await s.cancel(id);
        return done;
      case "reschedule":
        await s.reschedule(id, String(form.get("start") ?? ""));
        return done;
      case "attendance":
        await s.markAttendance(id, form.get("attended") === "true");
        return done;
      case "saveType":
        await s.saveType(id || null, typeInputOf(form));
        return done;
      case "toggleType":
        await s.saveType(id, { active: form.get("active") === "true" });
        return done;
      case "availability": {
        let payload: unknown = null;
        try {
          payload = JSON.parse(String(form.get("payload") ?? ""));
        } catch {
          payload = null;
        }
        await s.saveAvailability(payload);
        return done;
      }
      default:
        return unknownIntent();
    }
  });
}
