// The page builder's blocks as the editor (Puck) sees them: fields, labels and defaults. Visitors'
// pages are drawn by page-render.tsx from page-blocks/blocks.tsx without loading any of this. What
// each prop may hold is declared once in core/page-blocks.ts, which the server checks on save.
// Grids of courses and of products are not offered yet: there are no course or product tables to
// list from. Add them here (and to core/page-blocks.ts) when those features exist.
import "../../styles/page-blocks.css";
import type { Config, Fields } from "@puckeditor/core";
import type { TFunction } from "../../i18n";
import type { ReactNode } from "react";
import { MediaPicker } from "../media-picker";
import { RichTextEditor } from "../rich-text-editor";
import { type CallToActionProps, CallToActionBlock } from "./call-to-action";
import { type ColumnsProps, ColumnsBlock } from "./columns";
import { FormPicker } from "../forms/form-picker";
import { type FaqProps, FaqBlock } from "./faq";
import { type FormBlockProps, FormBlock } from "./form";
import { type HeroProps, HeroBlock } from "./hero";
import { type ImageProps, ImageBlock } from "./image";
import { type PricingTableProps, PricingTableBlock } from "./pricing-table";
import { type RichTextProps, RichTextBlock } from "./rich-text";
import { type TestimonialsProps, TestimonialsBlock } from "./testimonials";
import { type VideoProps, VideoBlock } from "./video";

export type PageBlocks = {
  Hero: HeroProps;
  RichText: RichTextProps;
  Image: ImageProps;
  Video: VideoProps;
  Columns: ColumnsProps;
  CallToAction: CallToActionProps;
  FAQ: FaqProps;
  Testimonials: TestimonialsProps;
  PricingTable: PricingTableProps;
  Form: FormBlockProps;
};

export type PageConfig = Config<PageBlocks>;

/**
 * A block as the editor's canvas shows it: a picture of the page, not a page. Puck makes each block
 * one focusable, draggable button; the links, buttons and fields drawn inside it are inert, so the
 * keyboard and screen readers meet the block once (no controls nested in a control), and a click
 * anywhere on it selects it.
 */
function InCanvas({ children }: { children: ReactNode }) {
  return (
    <div inert className="page-block-in-canvas">
      {children}
    </div>
  );
}

type T = TFunction | ((key: string) => string);

/** A media-library (or https) file chosen with the site's media picker. */
function mediaField(label: string, accept: "image" | "video" | "any") {
  return {
    type: "custom" as const,
    label,
    render: ({ value, onChange }: { value: string; onChange: (v: string) => void }) => (
      <MediaPicker label={label} value={value ?? ""} onChange={onChange} accept={accept} />
    ),
  };
}

/** The blocks with their fields' labels in the interface language. */
export function pageConfig(t: T): PageConfig {
  const l = (key: string) => t(`pages.blocks.${key}`);
  const text = (key: string) => ({ type: "text" as const, label: l(key) });
  const area = (key: string) => ({ type: "textarea" as const, label: l(key) });
  const slot = { type: "slot" as const };
  return {
    // The page's title and address are edited in the page settings, not as editor fields.
    root: { fields: {} },
    categories: {
      layout: { title: l("categories.layout"), components: ["Hero", "Columns", "CallToAction"] },
      content: { title: l("categories.content"), components: ["RichText", "Image", "Video"] },
      sections: { title: l("categories.sections"), components: ["FAQ", "Testimonials", "PricingTable", "Form"] },
    },
    components: {
      Hero: {
        label: l("hero.name"),
        fields: {
          heading: text("hero.heading"),
          text: area("hero.text"),
          buttonLabel: text("buttonLabel"),
          buttonLink: text("buttonLink"),
          backgroundImage: mediaField(l("hero.backgroundImage"), "image"),
        },
        defaultProps: {
          heading: l("hero.defaultHeading"),
          text: l("hero.defaultText"),
          buttonLabel: "",
          buttonLink: "",
          backgroundImage: "",
        },
        render: (p) => (
          <InCanvas>
            <HeroBlock {...p} />
          </InCanvas>
        ),
      },
      RichText: {
        label: l("richText.name"),
        fields: {
          html: {
            type: "custom",
            label: l("richText.text"),
            render: ({ value, onChange }) => (
              <RichTextEditor label={l("richText.text")} value={value ?? ""} onChange={onChange} minHeight={220} />
            ),
          },
        },
        defaultProps: { html: `<p>${l("richText.defaultText")}</p>` },
        render: (p) => (
          <InCanvas>
            <RichTextBlock html={p.html} />
          </InCanvas>
        ),
      },
      Image: {
        label: l("image.name"),
        fields: {
          src: mediaField(l("image.file"), "image"),
          alt: text("image.alt"),
          caption: text("image.caption"),
        },
        defaultProps: { src: "", alt: "", caption: "" },
        render: (p) => (
          <InCanvas>
            <ImageBlock {...p} />
          </InCanvas>
        ),
      },
      Video: {
        label: l("video.name"),
        fields: {
          url: mediaField(l("video.url"), "video"),
          title: text("video.title"),
        },
        defaultProps: { url: "", title: "" },
        render: (p) => (
          <InCanvas>
            <VideoBlock {...p} />
          </InCanvas>
        ),
      },
      Columns: {
        label: l("columns.name"),
        fields: {
          count: {
            type: "radio",
            label: l("columns.count"),
            options: [
              { label: "2", value: "2" },
              { label: "3", value: "3" },
              { label: "4", value: "4" },
            ],
          },
          column1: slot,
          column2: slot,
          column3: slot,
          column4: slot,
        } as Fields<ColumnsProps>,
        defaultProps: { count: "2", column1: [], column2: [], column3: [], column4: [] } as unknown as ColumnsProps,
        render: (p) => <ColumnsBlock {...p} />,
      },
      CallToAction: {
        label: l("cta.name"),
        fields: {
          heading: text("cta.heading"),
          text: area("cta.text"),
          buttonLabel: text("buttonLabel"),
          buttonLink: text("buttonLink"),
        },
        defaultProps: {
          heading: l("cta.defaultHeading"),
          text: "",
          buttonLabel: l("cta.defaultButton"),
          buttonLink: "/signup",
        },
        render: (p) => (
          <InCanvas>
            <CallToActionBlock {...p} />
          </InCanvas>
        ),
      },
      FAQ: {
        label: l("faq.name"),
        fields: {
          heading: text("faq.heading"),
          items: {
            type: "array",
            label: l("faq.items"),
            arrayFields: { question: text("faq.question"), answer: area("faq.answer") },
            defaultItemProps: { question: l("faq.defaultQuestion"), answer: l("faq.defaultAnswer") },
            getItemSummary: (item) => item.question || l("faq.question"),
            max: 50,
          },
        },
        defaultProps: {
          heading: l("faq.defaultHeading"),
          items: [{ question: l("faq.defaultQuestion"), answer: l("faq.defaultAnswer") }],
        },
        render: (p) => (
          <InCanvas>
            <FaqBlock {...p} />
          </InCanvas>
        ),
      },
      Testimonials: {
        label: l("testimonials.name"),
        fields: {
          heading: text("testimonials.heading"),
          items: {
            type: "array",
            label: l("testimonials.items"),
            arrayFields: {
              quote: area("testimonials.quote"),
              name: text("testimonials.person"),
              role: text("testimonials.role"),
            },
            defaultItemProps: { quote: "", name: "", role: "" },
            getItemSummary: (item) => item.name || l("testimonials.person"),
            max: 30,
          },
        },
        defaultProps: { heading: "", items: [] },
        render: (p) => (
          <InCanvas>
            <TestimonialsBlock {...p} />
          </InCanvas>
        ),
      },
      PricingTable: {
        label: l("pricing.name"),
        fields: {
          heading: text("pricing.heading"),
          tiers: {
            type: "array",
            label: l("pricing.tiers"),
            arrayFields: {
              name: text("pricing.tierName"),
              price: text("pricing.price"),
              features: area("pricing.features"),
              buttonLabel: text("buttonLabel"),
              buttonLink: text("buttonLink"),
            },
            defaultItemProps: { name: "", price: "", features: "", buttonLabel: "", buttonLink: "" },
            getItemSummary: (item) => item.name || l("pricing.tierName"),
            max: 6,
          },
        },
        defaultProps: { heading: "", tiers: [] },
        render: (p) => (
          <InCanvas>
            <PricingTableBlock {...p} />
          </InCanvas>
        ),
      },
      Form: {
        label: t("forms.block.name"),
        fields: {
          formId: {
            type: "custom",
            label: t("forms.block.form"),
            render: ({ value, onChange }) => <FormPicker value={value} onChange={onChange} />,
          },
        },
        defaultProps: { formId: "" },
        render: (p) => (
          <InCanvas>
            <FormBlock {...p} />
          </InCanvas>
        ),
      },
    },
  };
}
