// /api/v1: the REST API and its OpenAPI 3.1 document, generated from the route schemas.
import { apiKeyRoutes } from "./api-keys";
import { assignmentSubmissionRoutes } from "./assignment-submissions";
import { assignmentRoutes, quizRoutes, unitRoutes } from "./course-items";
import { courseRoutes } from "./courses";
import { coursePublicRoutes } from "./course-public";
import { enrolmentRoutes } from "./enrolments";
import { mediaRoutes } from "./media";
import { meRoutes } from "./me";
import { memberNotificationRoutes } from "./member-notifications";
import { invitationRoutes } from "./invitations";
import { memberRoutes } from "./members";
import { notificationRoutes } from "./notifications";
import { optionRoutes } from "./options";
import { touchpointRoutes } from "./touchpoints";
import { postRoutes } from "./posts";
import { pageRoutes } from "./pages";
import { presenceRoutes } from "./presence";
import { newRouter } from "./router";
import { productRoutes } from "./products";
import { couponRoutes } from "./coupons";
import { checkoutRoutes } from "./checkout";
import { upsellRoutes } from "./upsell";
import { orderAdminRoutes } from "./orders-admin";
import { reportRoutes } from "./reports";
import { affiliateRoutes } from "./affiliates";
import { usageRoutes } from "./usage";
import { billingRoutes } from "./billing";
import { addonRoutes } from "./addons";
import { siteConfigRoutes } from "./site-config";
import { searchRoutes } from "./search";
import { siteFeatureRoutes, siteRoutes } from "./sites";
import { staffRoutes } from "./staff";
import { staffAccountRoutes } from "./staff-accounts";
import { staffBillingRoutes } from "./staff-billing";
import { ticketRoutes } from "./tickets";
import { quizSubmissionRoutes } from "./submissions";
import { webhookRoutes } from "./webhooks";
import { campaignRoutes } from "./campaigns";
import { contactImportRoutes } from "./contact-imports";
import { contactFieldRoutes } from "./contact-fields";
import { contactRoutes } from "./contacts";
import { mailingListRoutes } from "./mailing-lists";
import { formRoutes } from "./forms";
import { funnelRoutes } from "./funnels";
import { popupRoutes } from "./popups";
import { automationRoutes } from "./automations";
import { wishlistRoutes } from "./wishlist";
import { groupRoutes } from "./groups";
import { groupFeedRoutes } from "./group-feed";
import { chatRoutes } from "./chats";
import { pointsRoutes } from "./points";
import { profanityRoutes } from "./profanity";
import { appointmentRoutes } from "./appointments";
import { aiRoutes } from "./ai";
import { transcriptRoutes } from "./transcripts";

export function createV1() {
  const v1 = newRouter();
  v1.route("/", meRoutes);
  v1.route("/", wishlistRoutes);
  v1.route("/", pointsRoutes);
  v1.route("/", profanityRoutes);
  v1.route("/", appointmentRoutes);
  v1.route("/", aiRoutes);
  v1.route("/", transcriptRoutes);
  v1.route("/", siteRoutes);
  v1.route("/", searchRoutes);
  v1.route("/", siteFeatureRoutes);
  v1.route("/", memberRoutes);
  v1.route("/", invitationRoutes);
  v1.route("/", mediaRoutes);
  v1.route("/", optionRoutes);
  v1.route("/", touchpointRoutes);
  v1.route("/", notificationRoutes);
  v1.route("/", memberNotificationRoutes);
  v1.route("/", siteConfigRoutes);
  v1.route("/", presenceRoutes);
  v1.route("/", chatRoutes);
  v1.route("/", apiKeyRoutes);
  v1.route("/", webhookRoutes);
  v1.route("/", staffRoutes);
  v1.route("/", staffAccountRoutes);
  v1.route("/", staffBillingRoutes);
  v1.route("/", postRoutes);
  v1.route("/", pageRoutes);
  v1.route("/", quizSubmissionRoutes);
  v1.route("/", assignmentSubmissionRoutes);
  v1.route("/", courseRoutes);
  v1.route("/", unitRoutes);
  v1.route("/", quizRoutes);
  v1.route("/", assignmentRoutes);
  v1.route("/", coursePublicRoutes);
  v1.route("/", enrolmentRoutes);
  v1.route("/", productRoutes);
  v1.route("/", couponRoutes);
  v1.route("/", checkoutRoutes);
  v1.route("/", upsellRoutes);
  v1.route("/", orderAdminRoutes);
  v1.route("/", reportRoutes);
  v1.route("/", affiliateRoutes);
  v1.route("/", usageRoutes);
  v1.route("/", billingRoutes);
  v1.route("/", addonRoutes);
  v1.route("/", ticketRoutes);
  v1.route("/", contactImportRoutes);
  v1.route("/", contactRoutes);
  v1.route("/", contactFieldRoutes);
  v1.route("/", mailingListRoutes);
  v1.route("/", formRoutes);
  v1.route("/", popupRoutes);
  v1.route("/", funnelRoutes);
  v1.route("/", automationRoutes);
  v1.route("/", campaignRoutes);
  v1.route("/", groupRoutes);
  v1.route("/", groupFeedRoutes);
  v1.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: "A site's API key (atr_…)",
  });
  v1.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "atrium.session_token",
  });
  v1.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Atrium API",
      version: "1.0.0",
      description:
        'The REST API of an Atrium site. Call it on the site\'s own host. Errors are `{ error: { code, message, details } }`; a missing session answers 401 `{ code: "not_authenticated" }`.',
    },
    servers: [{ url: "/api/v1" }],
    security: [{ session: [] }, { apiKey: [] }],
  });
  return v1;
}
