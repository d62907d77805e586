// The demo site's content: a home page and an about page built from blocks, five blog posts in
// three categories, and the images they use, uploaded to the media library like an owner would.
import sharp from "sharp";
import type { Db } from "../db/client";
import { mediaLibrary } from "../modules/media";
import { pages } from "../modules/pages";
import { categories, posts } from "../modules/posts";
import type { StorageAdapter } from "../modules/storage";

type Site = { accountId: string; settings: { plan: string | null } };

/** A 1600×900 picture: a soft two-colour gradient with a circle, distinct per hue. */
async function picture(hue: number): Promise<Uint8Array> {
  const a = `hsl(${hue}, 55%, 45%)`;
  const b = `hsl(${(hue + 40) % 360}, 65%, 70%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <circle cx="1150" cy="380" r="220" fill="white" fill-opacity="0.25"/>
    <circle cx="420" cy="640" r="120" fill="white" fill-opacity="0.18"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer());
}

const block = (type: string, props: Record<string, unknown>, n: number) => ({
  type,
  props: { id: `${type}-${n}`, ...props },
});

const POSTS = [
  {
    title: "Five habits of people who finish online courses",
    category: "learning",
    featured: true,
    hue: 150,
    html: "<p>Most people who start an online course never finish it. Those who do share a few habits.</p><h2>1. A fixed time</h2><p>Twenty minutes at the same time every day beats three hours on a Sunday.</p><h2>2. Notes in their own words</h2><p>Writing a lesson down in your own words is the fastest way to find out what you did not understand.</p><ul><li>Pick a time</li><li>Take notes</li><li>Ask questions early</li></ul>",
  },
  {
    title: "What's new at Demo Academy this term",
    category: "news",
    hue: 210,
    html: "<p>This term brings three new courses, live office hours every Thursday and a community space for every class.</p><blockquote><p>We built the schedule around what you told us in the survey.</p></blockquote>",
  },
  {
    title: "How we design a course, step by step",
    category: "teaching",
    hue: 30,
    html: "<p>Every course at Demo Academy starts with one question: what will you be able to do at the end?</p><ol><li>Outcomes first</li><li>Then the exercises that prove them</li><li>Only then the lessons</li></ol>",
  },
  {
    title: "Learning with a study group",
    category: "learning",
    hue: 280,
    html: "<p>Study groups keep you honest and make hard topics easier. Here is how to run one that lasts the whole term.</p>",
  },
  {
    title: "Meet our instructors",
    category: "news",
    hue: 0,
    html: "<p>Ivan has taught programming for ten years. This term he runs the Python track and the Thursday office hours.</p>",
  },
];

export async function seedDemoContent(
  db: Db,
  storage: StorageAdapter,
  site: Site,
  authorMemberId: string | null,
  newsletterFormId?: string,
) {
  const upload = async (name: string, hue: number, alt: string) =>
    mediaLibrary.upload(db, storage, site, null, { filename: name, bytes: await picture(hue), alt });

  const heroImage = await upload("campus.jpg", 160, "Students working together at a long table");
  const aboutImage = await upload("team.jpg", 200, "The Demo Academy team");

  const home = await pages.create(db, site, {
    kind: "page",
    slug: "home",
    title: "Demo Academy",
    description: "Online courses for curious people: learn at your pace with instructors who answer.",
    socialImage: heroImage.url,
    document: {
      root: { props: {} },
      content: [
        block(
          "Hero",
          {
            heading: "Learn something new this term",
            text: "Short, practical courses with instructors who answer your questions.",
            buttonLabel: "Join for free",
            buttonLink: "/signup",
            backgroundImage: heroImage.url,
          },
          1,
        ),
        block(
          "RichText",
          {
            html: "<h2>Why Demo Academy</h2><p>Every course ends with something you made yourself, and every question gets an answer within a day.</p>",
          },
          2,
        ),
        block(
          "Testimonials",
          {
            heading: "What students say",
            items: [
              { quote: "The first course I actually finished.", name: "Sara", role: "Student" },
              { quote: "Clear lessons and fast answers.", name: "Tom", role: "Student" },
            ],
          },
          3,
        ),
        block(
          "FAQ",
          {
            heading: "Questions",
            items: [
              { question: "How much does it cost?", answer: "Signing up is free; some courses are paid." },
              { question: "Do I get a certificate?", answer: "Yes, when you complete a course." },
            ],
          },
          4,
        ),
        ...(newsletterFormId ? [block("Form", { formId: newsletterFormId }, 6)] : []),
        block(
          "CallToAction",
          {
            heading: "Ready to start?",
            text: "Create your account in a minute.",
            buttonLabel: "Sign up",
            buttonLink: "/signup",
          },
          5,
        ),
      ],
    },
  });
  await pages.setStatus(db, site.accountId, home.id, "published");

  const about = await pages.create(db, site, {
    kind: "page",
    slug: "about-us",
    title: "About us",
    description: "Who runs Demo Academy and why.",
    socialImage: aboutImage.url,
    document: {
      root: { props: {} },
      content: [
        block(
          "RichText",
          {
            html: "<h1>About us</h1><p>Demo Academy is a small school run by teachers who love the internet. We started in 2026 with one course and a mailing list.</p>",
          },
          1,
        ),
        block("Image", { src: aboutImage.url, alt: aboutImage.alt, caption: "The team, spring 2026" }, 2),
      ],
    },
  });
  await pages.setStatus(db, site.accountId, about.id, "published");

  const cats = new Map<string, string>();
  for (const [slug, name] of [
    ["learning", "Learning"],
    ["news", "News"],
    ["teaching", "Teaching"],
  ] as const) {
    cats.set(slug, (await categories.create(db, site.accountId, { name, slug })).id);
  }
  for (const [i, p] of POSTS.entries()) {
    const cover = await upload(`cover-${i + 1}.jpg`, p.hue, p.title);
    const post = await posts.create(db, site.accountId, authorMemberId, {
      title: p.title,
      content: p.html,
      coverImage: cover.url,
      featured: Boolean(p.featured),
      categoryIds: [cats.get(p.category)!],
    });
    const days = (POSTS.length - i) * 3;
    await posts.publish(db, site.accountId, post.id, new Date(Date.now() - days * 86_400_000).toISOString());
  }
}
