// The blocks' components by type, shared by the public renderer and the editor's configuration.
// Kept apart from the editor (Puck, its fields, the rich-text editor and the media picker) so a
// visitor's page downloads only what it draws.
import "../../styles/page-blocks.css";
import type { ComponentType } from "react";
import { CallToActionBlock } from "./call-to-action";
import { ColumnsBlock } from "./columns";
import { FaqBlock } from "./faq";
import { FormBlock } from "./form";
import { HeroBlock } from "./hero";
import { ImageBlock } from "./image";
import { PricingTableBlock } from "./pricing-table";
import { RichTextBlock } from "./rich-text";
import { TestimonialsBlock } from "./testimonials";
import { VideoBlock } from "./video";

// biome-ignore lint/suspicious/noExplicitAny: each block takes its own props; the stored document names the type
export const BLOCK_COMPONENTS: Record<string, ComponentType<any>> = {
  Hero: HeroBlock,
  RichText: RichTextBlock,
  Image: ImageBlock,
  Video: VideoBlock,
  Columns: ColumnsBlock,
  CallToAction: CallToActionBlock,
  FAQ: FaqBlock,
  Testimonials: TestimonialsBlock,
  PricingTable: PricingTableBlock,
  Form: FormBlock,
};
