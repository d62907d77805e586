import { notFound } from "../../../lib/instructor.server";
import type { Route } from "./+types/co-instructors";

/**
 * The co-instructor picker's search (GET ?q=): members of this site whose role may teach, by part
 * of a name or e-mail address. Data only; the course editor draws the results.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { q, members: q ? await ins.courses.coInstructorCandidates(q) : [] };
}
