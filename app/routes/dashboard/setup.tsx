import { useTranslation } from "../../i18n/use-translation";
import { data, Form } from "react-router";
import { SubmitButton } from "../../components/submit-button";
import { FormField } from "../../components/form-field";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import "../../styles/home.css";
import { type ChecklistData, ChecklistItems, ChecklistProgress } from "../../components/home/setup-checklist";
import { loadChecklist } from "../../lib/dashboard-home.server";
import type { Route } from "./+types/setup";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** On the platform: create a site. On a site, for those who run it: the setup checklist in full. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  if (!context.site.isPlatform) {
    if (!context.services.dashboard.canManage) throw new Response("Not found", { status: 404 });
    return {
      kind: "site" as const,
      title: pageTitle(t, "home.setup.title", context.site.settings.sitetitle),
      checklist: await loadChecklist(context),
      example: "",
    };
  }
  return {
    kind: "platform" as const,
    title: pageTitle(t, "dashboard.setupTitle", context.site.settings.sitetitle),
    checklist: null,
    example: context.siteUrl({ slug: "your-school", domain: null }),
  };
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const form = await request.formData();
  const slug = String(form.get("slug") ?? "")
    .trim()
    .toLowerCase();
  const sitetitle = String(form.get("sitetitle") ?? "").trim();
  const fields: Record<string, string> = {};
  if (!SLUG.test(slug)) fields.slug = "errors.slugInvalid";
  if (!sitetitle) fields.sitetitle = "errors.required";
  if (Object.keys(fields).length) return data({ fields, created: null, slug, sitetitle }, { status: 422 });
  try {
    const site = await context.services.sites.create({ slug, sitetitle });
    return { fields: {}, created: { title: site.settings.sitetitle, url: context.siteUrl(site) }, slug, sitetitle };
  } catch (err) {
    const e = err as { code?: string; details?: { field?: string }[] };
    if (e.code === "conflict")
      return data({ fields: { slug: "errors.slugTaken" }, created: null, slug, sitetitle }, { status: 409 });
    if (e.code === "validation_failed") {
      const field = e.details?.[0]?.field === "sitetitle" ? "sitetitle" : "slug";
      return data(
        {
          fields: { [field]: field === "slug" ? "errors.slugInvalid" : "errors.required" },
          created: null,
          slug,
          sitetitle,
        },
        { status: 422 },
      );
    }
    throw err;
  }
}

function SiteSetup({ checklist }: { checklist: ChecklistData }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{checklist.complete ? t("home.setup.completeTitle") : t("home.setup.title")}</h1>
      </div>
      <section className="home-card" aria-label={t("home.setup.title")} data-tour="setup-completion">
        <p className="muted">{t("home.setup.intro")}</p>
        <ChecklistProgress list={checklist} />
        <ChecklistItems list={checklist} />
      </section>
    </div>
  );
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === "site" && loaderData.checklist) return <SiteSetup checklist={loaderData.checklist} />;
  const f = (actionData?.fields ?? {}) as Record<string, string | undefined>;
  if (actionData?.created) {
    return (
      <div className="page">
        <div className="card wide stack">
          <h1>{t("dashboard.setupTitle")}</h1>
          <p className="alert ok" role="status" data-testid="site-created">
            {t("dashboard.created", { title: actionData.created.title, url: actionData.created.url })}
          </p>
          <a className="button" href={`${actionData.created.url}/login`}>
            {t("dashboard.openSite")}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="card wide">
        <h1>{t("dashboard.setupTitle")}</h1>
        <Form method="post" className="stack" noValidate>
          <FormField
            label={t("dashboard.slug")}
            name="slug"
            required
            autoComplete="off"
            defaultValue={actionData?.slug}
            hint={t("dashboard.slugHelp", { example: loaderData.example })}
            error={f.slug && t(f.slug)}
          />
          <FormField
            label={t("dashboard.sitetitle")}
            name="sitetitle"
            required
            defaultValue={actionData?.sitetitle}
            error={f.sitetitle && t(f.sitetitle)}
          />
          <SubmitButton label={t("dashboard.setupSubmit")} />
        </Form>
      </div>
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
