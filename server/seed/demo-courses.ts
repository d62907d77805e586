// The demo site's courses: three published courses with real-looking curricula (one dripping per
// unit, one with seats and unit lock, one with a certificate and a duration), two categories, the
// demo student part-way through one and finished (with a certificate) in another, and two reviews.
import { courseProgress, type CurriculumDataItem, type CurriculumItem } from "../../core/curriculum";
import { DAY, WEEK } from "../../core/course-duration";
import type { Question } from "../../core/quiz";
import type { Db } from "../db/client";
import { courseReviews, termObjectRelationship, terms } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { loadCourse } from "../modules/courses";
import { issueCertificate } from "../modules/enrolment";
import { buildCourse, buildEnrolment, type CurriculumSpec } from "./course-builders";

const paragraphs = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join("");

const WHEEL_QUIZ: Question[] = [
  {
    id: "q1",
    type: "single",
    prompt: "Which clay body is fired at the highest temperature?",
    marks: 2,
    options: ["Earthenware", "Stoneware", "Porcelain"],
    answer: 2,
  },
  {
    id: "q2",
    type: "multiple",
    prompt: "Which of these help you centre clay on the wheel?",
    marks: 2,
    options: ["Steady elbows braced on your thighs", "A fast wheel", "Dry hands", "Water as lubricant"],
    answer: [0, 1, 3],
  },
  { id: "q3", type: "truefalse", prompt: "Bone-dry clay can still be reclaimed with water.", marks: 1, answer: true },
  {
    id: "q4",
    type: "fillblank",
    prompt: "The first, low firing of a pot is called the ____ firing.",
    marks: 1,
    answer: ["bisque", "biscuit"],
  },
  {
    id: "q5",
    type: "numeric",
    prompt: "About what percentage does stoneware shrink from wet to fired?",
    marks: 2,
    answer: 12,
    tolerance: 2,
  },
];

const wheelCurriculum: CurriculumSpec[] = [
  { section: "Before the wheel" },
  {
    unit: "Choosing your clay",
    content: paragraphs(
      "Every pot starts with a choice of clay. Earthenware is forgiving and colourful; stoneware is sturdy and food-safe; porcelain is smooth, white and demanding.",
      "For your first weeks on the wheel, pick a smooth stoneware with a little grog. It holds its shape while you learn to feel the clay move.",
      "Wedge at least a kilogram before each session: it removes air pockets that would otherwise burst in the kiln.",
    ),
  },
  {
    unit: "Setting up your workspace",
    content: paragraphs(
      "Keep a bucket of water, a sponge, a needle tool, a wire and a rib within reach of your right hand.",
      "Sit so your elbows can rest on your thighs. Stability comes from your body, not from pushing harder.",
    ),
  },
  { section: "On the wheel" },
  {
    unit: "Centring",
    content: paragraphs(
      "Centring is the skill that everything else depends on. Cone the clay up and down three times, then press it into a low dome.",
      "Close your eyes for a moment: a centred lump feels perfectly still under your hands while the wheel spins.",
    ),
  },
  { quiz: "Wheel basics quiz", questions: WHEEL_QUIZ, settings: { passMark: 60, attempts: 3, retake: true } },
  {
    assignment: "Throw and photograph three cylinders",
    content: paragraphs(
      "Throw three cylinders from 500 g of clay each. Cut one in half with a wire and photograph the cross-section.",
    ),
  },
];

export async function seedDemoCourses(
  db: Db,
  site: Pick<SiteAccount, "accountId">,
  instructor: { id: string },
  student: { id: string },
) {
  const drip = await buildCourse(db, site, instructor, {
    title: "Wheel Throwing Foundations",
    slug: "wheel-throwing-foundations",
    excerpt: "Centre, open and pull your first cylinders, one lesson a day.",
    description: paragraphs(
      "A calm, step-by-step introduction to the potter's wheel. A new lesson opens each day so you have time to practise.",
      "<strong>What you will learn:</strong> choosing and wedging clay, centring, opening, pulling walls and trimming.",
    ),
    settings: { dripfeed: true, dripFeedUnitDuration: true, dripFeedStartingPoint: "previous" },
    curriculum: wheelCurriculum.map((s) => ("unit" in s ? { ...s, drip: { value: 1, parameter: DAY } } : s)),
  });
  const seats = await buildCourse(db, site, instructor, {
    title: "Glazing Workshop",
    slug: "glazing-workshop",
    excerpt: "A small-group workshop on mixing, testing and applying glazes.",
    description: paragraphs(
      "Twenty-five seats, one cohort. Lessons open in order: finish each one before the next unlocks.",
    ),
    seats: 25,
    settings: { unitLock: true },
    curriculum: [
      { section: "Glaze chemistry" },
      {
        unit: "Fluxes, stabilisers and glass formers",
        content: paragraphs(
          "Every glaze balances three roles: silica forms the glass, alumina stiffens it and fluxes make it melt.",
          "Once you see a recipe in these three columns, you can read any glaze.",
        ),
      },
      {
        unit: "Making test tiles",
        content: paragraphs("Test every new glaze on a vertical tile so you can see how it runs."),
      },
      { section: "Application" },
      {
        unit: "Dipping, pouring and brushing",
        content: paragraphs("Dip for even coats, pour for drama, brush for detail."),
      },
      { assignment: "Share your test tile grid" },
    ],
  });
  const cert = await buildCourse(db, site, instructor, {
    title: "Hand-Building Essentials",
    slug: "hand-building-essentials",
    excerpt: "Pinch, coil and slab your way to functional pottery without a wheel.",
    description: paragraphs("Four weeks of hand-building, with a certificate when you finish every lesson."),
    duration: { value: 4, parameter: WEEK },
    certificate: {
      enabled: true,
      title: "Certificate of Completion",
      body: "This certifies that {{student}} completed {{course}} on {{date}}. Certificate {{code}}.",
      signature: "Ivan Instructor",
    },
    curriculum: [
      { section: "Pinch and coil" },
      {
        unit: "The pinch pot",
        content: paragraphs("Press your thumb into a ball of clay and turn it slowly as you pinch the walls thinner."),
      },
      {
        unit: "Coil building",
        content: paragraphs("Roll even coils, score and slip every join, and smooth the inside as you go."),
      },
      { section: "Slabs" },
      {
        unit: "Rolling and joining slabs",
        content: paragraphs("Roll slabs between guide sticks so every wall has the same thickness."),
      },
    ],
  });

  await withTenant(db, site.accountId, async (tx) => {
    const [wheel, surface] = await tx
      .insert(terms)
      .values([
        { accountId: site.accountId, taxonomy: "course_category", name: "Wheel & Hand-building", slug: "making" },
        { accountId: site.accountId, taxonomy: "course_category", name: "Surface & Glaze", slug: "surface" },
      ])
      .returning({ id: terms.id });
    await tx.insert(termObjectRelationship).values([
      { accountId: site.accountId, termId: wheel.id, objectId: drip.course.id },
      { accountId: site.accountId, termId: wheel.id, objectId: cert.course.id },
      { accountId: site.accountId, termId: surface.id, objectId: seats.course.id },
    ]);
  });

  // Part-way through the glazing workshop: the first two lessons done.
  const now = Math.floor(Date.now() / 1000);
  const done = (items: CurriculumItem[], n: number): CurriculumDataItem[] =>
    items
      .filter((i) => i.id)
      .slice(0, n)
      .map((i, k) => ({
        id: i.id as string,
        post_type: i.post_type,
        start: now - (n - k) * DAY,
        complete: now - (n - k) * DAY + 900,
      }));
  const partial = done(seats.curriculum, 2);
  await buildEnrolment(db, site, seats.course.id, student.id, {
    status: 2,
    startAt: new Date((now - 3 * DAY) * 1000),
    curriculumData: partial,
    progress: courseProgress(seats.curriculum, partial),
  });
  const all = done(cert.curriculum, cert.itemIds.length);
  await buildEnrolment(db, site, cert.course.id, student.id, {
    status: 2,
    startAt: new Date((now - 10 * DAY) * 1000),
    curriculumData: all,
    progress: courseProgress(cert.curriculum, all),
  });
  await withTenant(db, site.accountId, async (tx) => {
    await issueCertificate(tx, site.accountId, await loadCourse(tx, site.accountId, cert.course.id), student.id, []);
    await tx.insert(courseReviews).values([
      {
        accountId: site.accountId,
        courseId: cert.course.id,
        studentId: student.id,
        rating: 5,
        title: "Clear, patient and practical",
        review: "I had never touched clay before. Four weeks later I have a shelf of mugs and bowls.",
      },
      {
        accountId: site.accountId,
        courseId: seats.course.id,
        studentId: student.id,
        rating: 4,
        title: "Finally understand glaze recipes",
        review: "The test tile method alone was worth it.",
      },
    ]);
  });
  return { courses: [drip, seats, cert] };
}
