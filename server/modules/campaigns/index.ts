// E-mail campaigns (spec §2, §7; decision 0041): editing, audience size, schedule, send, stats.
export {
  type CampaignInput,
  type CampaignStats,
  type CampaignSummary,
  type CampaignView,
  type Campaigns,
  campaigns,
  type RecipientQuery,
  type RecipientView,
} from "./service";
export { CAMPAIGN_STATUSES, type CampaignStatus, RECIPIENT_STATUSES, type RecipientStatus } from "../../db/schema";
