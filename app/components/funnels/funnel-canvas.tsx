// The funnel's graph on a canvas (@xyflow/react): steps added from a palette of the twelve types,
// connected by dragging from one step's handle to another's, removed with Delete or Backspace. The
// selected step is edited beside the canvas (label, the site object it points at, the steps it
// leads to). With the keyboard: Tab reaches each step and connection, Enter selects it, the arrow
// keys move a selected step (Shift: further), Delete removes it, and "Leads to" connects steps.
import "@xyflow/react/dist/style.css";
import "../../styles/funnel-canvas.css";
import { Button, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from "@mantine/core";
import {
  addEdge,
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  Handle,
  type Node,
  type NodeChange,
  type NodeProps,
  Position,
  ReactFlow,
} from "@xyflow/react";
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FUNNEL_STEP_TYPES, type FunnelGraph, type FunnelStepType, STEP_REF_KIND } from "../../../core/funnel-graph";
import { useTranslation } from "../../i18n/use-translation";
export type SiteObjects = Record<string, { value: string; label: string }[]>;
type StepData = { label: string; type: FunnelStepType; ref?: string | null; invalid?: boolean };
type StepNode = Node<StepData, "step">;

function StepBox({ data, selected }: NodeProps<StepNode>) {
  const { t } = useTranslation();
  return (
    <div
      className="funnel-step"
      data-testid="funnel-step"
      style={{
        padding: "8px 12px",
        borderRadius: 8,
        minWidth: 150,
        background: "var(--mantine-color-body)",
        border: `2px solid var(--mantine-color-${data.invalid ? "red-6" : selected ? "blue-6" : "gray-4"})`,
      }}
    >
      <Handle type="target" position={Position.Left} />
      <Text size="xs" c="dimmed">
        {t(`funnels.types.${data.type}`)}
      </Text>
      <Text size="sm" fw={600}>
        {data.label}
      </Text>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}
const nodeTypes = { step: StepBox };

export function toFlow(graph: FunnelGraph, invalid: Set<string>) {
  const nodes: StepNode[] = graph.nodes.map((n, i) => ({
    id: n.id,
    type: "step",
    position: n.position ?? { x: 40 + i * 220, y: 80 + (i % 2) * 60 },
    data: { ...n.data, invalid: invalid.has(n.id) },
  }));
  const edges: Edge[] = graph.edges.map((e) => ({
    id: e.id ?? `${e.source}->${e.target}`,
    source: e.source,
    target: e.target,
  }));
  return { nodes, edges };
}

export function fromFlow(nodes: StepNode[], edges: Edge[]): FunnelGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      data: { label: n.data.label, type: n.data.type, ref: n.data.ref ?? null },
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
    })),
    edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  };
}

/** Where focus goes once the changed graph is drawn. */
type FocusTarget = { step: string } | "label" | "palette";

export function FunnelCanvas({
  graph,
  onChange,
  objects,
  selected,
  onSelect,
  invalid,
}: {
  graph: FunnelGraph;
  onChange: (g: FunnelGraph) => void;
  objects: SiteObjects;
  selected: string | null;
  onSelect: (id: string | null) => void;
  invalid: Set<string>;
}) {
  const { t } = useTranslation();
  const flow = useMemo(() => toFlow(graph, invalid), [graph, invalid]);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const labelInput = useRef<HTMLInputElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);
  const labelOf = (id: string) => graph.nodes.find((n) => n.id === id)?.data.label ?? "";
  const nodes = flow.nodes.map((n) => ({
    ...n,
    selected: n.id === selected,
    ariaLabel: t("funnels.a11y.step", { label: n.data.label, type: t(`funnels.types.${n.data.type}`) }),
  }));
  const edges = flow.edges.map((e) => ({
    ...e,
    selected: e.id === selectedEdge,
    ariaLabel: t("funnels.a11y.connection", { from: labelOf(e.source), to: labelOf(e.target) }),
  }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves once the changed graph is drawn
  useEffect(() => {
    const target = focusNext.current;
    if (!target || !root.current) return;
    focusNext.current = null;
    if (target === "label") labelInput.current?.focus();
    else if (target === "palette")
      root.current.querySelector<HTMLElement>("[data-testid=funnel-palette] button")?.focus();
    else root.current.querySelector<HTMLElement>(`.react-flow__node[data-id="${target.step}"]`)?.focus();
  }, [graph, selected]);

  /** After removing steps, focus goes to the step before the first one removed (or after it), else the palette. */
  const focusAfterRemoving = (removed: Set<string>) => {
    const index = graph.nodes.findIndex((n) => removed.has(n.id));
    const rest = graph.nodes.filter((n) => !removed.has(n.id));
    const near = rest[Math.max(0, index - 1)] ?? rest[0];
    focusNext.current = near ? { step: near.id } : "palette";
    setAnnouncement(t("funnels.a11y.removed", { label: [...removed].map(labelOf).join(", ") }));
  };

  const onNodesChange = (changes: NodeChange<StepNode>[]) => {
    const next = applyNodeChanges(changes, flow.nodes);
    const removed = new Set(changes.filter((c) => c.type === "remove").map((c) => c.id));
    const picked = changes.find((c) => c.type === "select" && c.selected);
    const dropped = changes.some((c) => c.type === "select" && !c.selected && c.id === selected);
    if (picked && picked.type === "select") {
      onSelect(picked.id);
      setSelectedEdge(null);
    } else if (dropped) onSelect(null);
    if (removed.size && selected && removed.has(selected)) onSelect(null);
    if (removed.size) focusAfterRemoving(removed);
    if (!changes.some((c) => c.type === "position" || c.type === "remove")) return;
    const edges = flow.edges.filter((e) => !removed.has(e.source) && !removed.has(e.target));
    onChange(fromFlow(next, edges));
  };
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const c of changes) {
        if (c.type === "select") setSelectedEdge((cur) => (c.selected ? c.id : cur === c.id ? null : cur));
      }
      const removed = changes.flatMap((c) => (c.type === "remove" ? [c.id] : []));
      if (!removed.length) return;
      const source = flow.edges.find((e) => e.id === removed[0])?.source;
      if (source) focusNext.current = { step: source };
      setSelectedEdge(null);
      onChange(fromFlow(flow.nodes, applyEdgeChanges(changes, flow.edges)));
    },
    [flow, onChange],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      if (c.source === c.target) return;
      onChange(fromFlow(flow.nodes, addEdge({ ...c, id: `${c.source}->${c.target}` }, flow.edges)));
    },
    [flow, onChange],
  );

  const add = (type: FunnelStepType) => {
    const id = `step-${crypto.randomUUID().slice(0, 8)}`;
    const last = graph.nodes.at(-1)?.position;
    const position = last ? { x: last.x + 220, y: last.y } : { x: 40, y: 80 };
    const label = t(`funnels.types.${type}`);
    onChange({
      ...graph,
      nodes: [...graph.nodes, { id, data: { label, type, ref: null }, position }],
    });
    onSelect(id);
    // The new step's label is the first thing to change.
    focusNext.current = "label";
    setAnnouncement(t("funnels.a11y.added", { label }));
  };
  const help = t("funnels.a11y.stepHelp");

  return (
    <Stack gap="sm" ref={root}>
      <Group gap={6} role="group" aria-label={t("funnels.palette")} data-testid="funnel-palette">
        {FUNNEL_STEP_TYPES.map((type) => (
          <Button key={type} size="compact-sm" variant="light" onClick={() => add(type)}>
            + {t(`funnels.types.${type}`)}
          </Button>
        ))}
      </Group>
      <div
        className="funnel-canvas"
        style={{ height: 420, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onPaneClick={() => {
            onSelect(null);
            setSelectedEdge(null);
          }}
          deleteKeyCode={["Delete", "Backspace"]}
          nodesFocusable
          edgesFocusable
          fitView
          proOptions={{ hideAttribution: true }}
          aria-label={t("funnels.a11y.canvas")}
          ariaLabelConfig={{
            "node.a11yDescription.default": help,
            "node.a11yDescription.keyboardDisabled": help,
            "node.a11yDescription.ariaLiveMessage": ({ direction, x, y }) =>
              t("funnels.a11y.moved", { direction: t(`funnels.a11y.directions.${direction}`), x, y }),
            "edge.a11yDescription.default": t("funnels.a11y.connectionHelp"),
            "controls.ariaLabel": t("funnels.a11y.controls"),
            "controls.zoomIn.ariaLabel": t("funnels.a11y.zoomIn"),
            "controls.zoomOut.ariaLabel": t("funnels.a11y.zoomOut"),
            "controls.fitView.ariaLabel": t("funnels.a11y.fitView"),
            "controls.interactive.ariaLabel": t("funnels.a11y.interactive"),
            "minimap.ariaLabel": t("funnels.a11y.minimap"),
            "handle.ariaLabel": t("funnels.a11y.handle"),
          }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="funnel-announcer">
        {announcement}
      </VisuallyHidden>
      {selected ? (
        <StepPanel
          graph={graph}
          id={selected}
          objects={objects}
          onChange={onChange}
          labelRef={labelInput}
          onRemove={(id) => {
            onSelect(null);
            focusAfterRemoving(new Set([id]));
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("funnels.selectHint")}
        </Text>
      )}
    </Stack>
  );
}

function StepPanel({
  graph,
  id,
  objects,
  onChange,
  onRemove,
  labelRef,
}: {
  graph: FunnelGraph;
  id: string;
  objects: SiteObjects;
  onChange: (g: FunnelGraph) => void;
  onRemove: (id: string) => void;
  labelRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) return null;
  const kind = STEP_REF_KIND[node.data.type];
  const setData = (patch: Partial<StepData>) =>
    onChange({ ...graph, nodes: graph.nodes.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } } : n)) });
  const next = graph.edges.filter((e) => e.source === id).map((e) => e.target);
  const setNext = (targets: string[]) =>
    onChange({
      ...graph,
      edges: [
        ...graph.edges.filter((e) => e.source !== id),
        ...targets.map((target) => ({ id: `${id}->${target}`, source: id, target })),
      ],
    });
  const remove = () => {
    onChange({
      nodes: graph.nodes.filter((n) => n.id !== id),
      edges: graph.edges.filter((e) => e.source !== id && e.target !== id),
    });
    onRemove(id);
  };
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3 }}
      data-testid="funnel-step-panel"
      role="group"
      aria-label={t("funnels.a11y.settingsOf", { label: node.data.label })}
    >
      <TextInput
        ref={labelRef}
        label={t("funnels.stepLabel")}
        value={node.data.label}
        maxLength={80}
        onChange={(e) => setData({ label: e.currentTarget.value })}
      />
      <Select
        label={t(`funnels.objectOf.${kind.kind}`)}
        placeholder={kind.required ? t("funnels.pickObject") : t("funnels.anyProduct")}
        data={objects[kind.kind] ?? []}
        value={node.data.ref ?? null}
        onChange={(v) => setData({ ref: v })}
        searchable
        clearable={!kind.required}
        nothingFoundMessage={t("funnels.nothingFound")}
        required={kind.required}
      />
      <MultiSelect
        label={t("funnels.leadsTo")}
        description={t("funnels.a11y.leadsToHelp")}
        data={graph.nodes.filter((n) => n.id !== id).map((n) => ({ value: n.id, label: n.data.label }))}
        value={next}
        onChange={setNext}
        searchable
      />
      <Group>
        <Button color="red" variant="light" onClick={remove}>
          {t("funnels.deleteStep")}
        </Button>
      </Group>
    </SimpleGrid>
  );
}
