// One simulated member of the site: arrives as a visitor (home, the course page, a blog post, the
// login page), signs in through the real auth endpoint, then until the end of the run does what a
// student does, one action at a time with a think time between: opens the course player and
// completes items, searches, reads the blog, looks at their courses and buys the bonus course.

/** The actions a signed-in member picks from, with their weights. */
const ACTIONS = [
  ["learn", 35],
  ["search", 15],
  ["read", 10],
  ["browse", 10],
  ["my-courses", 10],
  ["buy", 10],
  ["dashboard", 10],
];
const TOTAL_WEIGHT = ACTIONS.reduce((s, [, w]) => s + w, 0);

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

function pickAction(rnd) {
  let r = rnd() * TOTAL_WEIGHT;
  for (const [name, w] of ACTIONS) {
    r -= w;
    if (r < 0) return name;
  }
  return ACTIONS[0][0];
}

/** A 2xx answer only: a redirect here means the session was lost or the page moved. */
const only2xx = (status) => status >= 200 && status < 300;

/**
 * Runs member `index` until `until` (ms since epoch). `session` is its client (cookie jar),
 * `think()` waits a random think time, `rnd` is its random source.
 */
export async function runMember({ index, scene, password, session, until, think, rnd, stopped }) {
  const course = scene.course;
  const done = new Set();
  const post = () => `/blog/${scene.postSlugPrefix}${1 + Math.floor(rnd() * scene.posts)}`;
  const email = scene.memberEmail.replace("{i}", String(index));
  const live = () => Date.now() < until && !stopped();

  // As a visitor.
  const visit = [
    ["home", "/"],
    ["course page", `/course/${course.slug}`],
    ["blog post", post()],
    ["login page", "/login"],
  ];
  for (const [action, path] of visit) {
    if (!live()) return;
    await session.send(action, { path });
    await think();
  }

  let signedIn = false;
  while (live() && !signedIn) {
    const r = await session.send("sign in", {
      method: "POST",
      path: "/api/auth/sign-in/email",
      json: { email, password },
      expect: only2xx,
    });
    signedIn = r.status === 200;
    await think();
  }

  while (live()) {
    switch (pickAction(rnd)) {
      case "learn": {
        // The player on the next unfinished item, then that item marked complete; a member who has
        // finished everything opens an item and marks it incomplete again, to go round once more.
        const open = course.itemIds.filter((id) => !done.has(id));
        const item = open[0] ?? pick(rnd, course.itemIds);
        await session.send("player", { path: `/dashboard/courses/${course.id}?item=${item}`, expect: only2xx });
        await think();
        if (!live()) return;
        const finished = done.has(item);
        const r = await session.send(finished ? "uncomplete item" : "complete item", {
          method: finished ? "DELETE" : "PUT",
          path: `/api/v1/courses/${course.id}/items/${item}/complete`,
          expect: only2xx,
        });
        if (r.status === 200) {
          if (finished) done.delete(item);
          else done.add(item);
        }
        break;
      }
      case "search":
        await session.send("search", {
          path: `/api/v1/search?q=${encodeURIComponent(pick(rnd, scene.searchTerms))}`,
          expect: only2xx,
        });
        break;
      case "read":
        if (rnd() < 0.3) await session.send("blog list", { path: "/blog" });
        else await session.send("blog post", { path: post() });
        break;
      case "browse":
        if (rnd() < 0.5) await session.send("home", { path: "/" });
        else await session.send("course page", { path: `/course/${course.slug}` });
        break;
      case "my-courses":
        await session.send("my courses", { path: "/dashboard/courses", expect: only2xx });
        break;
      case "dashboard":
        await session.send("dashboard", { path: "/dashboard", expect: only2xx });
        break;
      case "buy": {
        await session.send("product page", { path: `/product/${scene.product.slug}`, expect: only2xx });
        await think();
        if (!live()) return;
        // Half pay nothing (a 100 % coupon: paid and fulfilled at once, a receipt for the worker),
        // half leave an offline order pending.
        const free = rnd() < 0.5;
        await session.send("checkout", {
          method: "POST",
          path: "/api/v1/checkout",
          json: {
            productIds: [scene.product.id],
            provider: "offline",
            coupon: free ? scene.coupons.free : scene.coupons.discount,
          },
          headers: { "idempotency-key": `load-${index}-${Date.now()}-${Math.floor(rnd() * 1e9)}` },
          expect: only2xx,
        });
        break;
      }
    }
    await think();
  }
}
