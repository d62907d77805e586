import type { SlotComponent } from "@puckeditor/core";

export type ColumnsProps = {
  count: "2" | "3" | "4";
  column1: SlotComponent;
  column2: SlotComponent;
  column3: SlotComponent;
  column4: SlotComponent;
};

/** Two to four columns side by side (stacked on a phone), each holding its own blocks. */
export function ColumnsBlock({ count, column1, column2, column3, column4 }: ColumnsProps) {
  const n = Number(count) || 2;
  const slots = [column1, column2, column3, column4].slice(0, n);
  return (
    <div className="pb-columns pb-inner" style={{ "--pb-cols": n } as React.CSSProperties}>
      {slots.map((Column, i) => (
        // The columns are fixed positions; their index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="pb-column" key={i}>
          {Column ? <Column minEmptyHeight={80} /> : null}
        </div>
      ))}
    </div>
  );
}
