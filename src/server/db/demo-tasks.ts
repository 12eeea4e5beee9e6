import type { Executor } from "./database";
import { PLAIN } from "./demo-data";
import { taskLines, workDescriptions, worksheets } from "./schema/tasks";

/**
 * Demo task list of the plain company (issue 17): two tasks with their work descriptions and
 * lines over the last five days, so /task-list/ shows something on a fresh installation.
 */
const TASKS = [
  { name: "Quality inspection", descriptions: ["Visual check", "Measurement"] },
  { name: "Returns handling", descriptions: ["Relabel", "Sort and restock"] },
] as const;

interface DemoTaskLine {
  daysAgo: number;
  user: string;
  task: 0 | 1;
  description: 0 | 1;
  client: string;
  hours: number;
  reviewed: number | null;
  right: number | null;
  reworked: number | null;
  nok: number | null;
  reference: string;
  observations: string;
}

const LINES: readonly DemoTaskLine[] = [
  {
    daysAgo: 0,
    user: "office",
    task: 0,
    description: 0,
    client: "ACME FOODS",
    hours: 2.5,
    reviewed: 120,
    right: 114,
    reworked: 4,
    nok: 2,
    reference: "EXP-10021",
    observations: "",
  },
  {
    daysAgo: 0,
    user: "warehouse",
    task: 1,
    description: 0,
    client: "NORTE RETAIL",
    hours: 1.75,
    reviewed: null,
    right: null,
    reworked: null,
    nok: null,
    reference: "REC-20417",
    observations: "Pallet labels torn",
  },
  {
    daysAgo: 1,
    user: "forklift",
    task: 0,
    description: 1,
    client: "IBERIA PHARMA",
    hours: 3,
    reviewed: 60,
    right: 60,
    reworked: 0,
    nok: 0,
    reference: "EXP-10007",
    observations: "",
  },
  {
    daysAgo: 1,
    user: "office",
    task: 1,
    description: 1,
    client: "ACME FOODS",
    hours: 1,
    reviewed: 40,
    right: 38,
    reworked: 0,
    nok: 2,
    reference: "REC-20411",
    observations: "Two cartons crushed",
  },
  {
    daysAgo: 2,
    user: "warehouse",
    task: 0,
    description: 0,
    client: "NORTE RETAIL",
    hours: 4,
    reviewed: 200,
    right: 191,
    reworked: 6,
    nok: 3,
    reference: "EXP-09988",
    observations: "",
  },
  {
    daysAgo: 3,
    user: "forklift",
    task: 1,
    description: 0,
    client: "ACME FOODS",
    hours: 0.5,
    reviewed: null,
    right: null,
    reworked: null,
    nok: null,
    reference: "",
    observations: "",
  },
  {
    daysAgo: 4,
    user: "office",
    task: 0,
    description: 1,
    client: "IBERIA PHARMA",
    hours: 2,
    reviewed: 80,
    right: 77,
    reworked: 3,
    nok: 0,
    reference: "EXP-09961",
    observations: "Batch 4471 rechecked",
  },
];

const dayOf = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoTasks(
  tx: Executor,
  ids: {
    companyIds: Map<string, number>;
    userIds: Map<string, number>;
    clientIds: Map<string, number>;
  },
  now: Date,
): Promise<void> {
  const companyId = ids.companyIds.get(PLAIN);
  if (companyId === undefined) return;
  const sheets = await tx
    .insert(worksheets)
    .values(TASKS.map((task) => ({ companyId, name: task.name })))
    .returning({ id: worksheets.id });
  const descriptions = await tx
    .insert(workDescriptions)
    .values(
      TASKS.flatMap((task, index) =>
        task.descriptions.map((name) => ({ worksheetId: sheets[index]?.id ?? 0, name })),
      ),
    )
    .returning({ id: workDescriptions.id });
  const rows = LINES.flatMap((line) => {
    const userId = ids.userIds.get(line.user);
    const clientId = ids.clientIds.get(line.client);
    const worksheetId = sheets[line.task]?.id;
    const descriptionId = descriptions[line.task * 2 + line.description]?.id;
    if (!userId || !clientId || !worksheetId || !descriptionId) return [];
    return [
      {
        companyId,
        date: dayOf(now, line.daysAgo),
        userId,
        worksheetId,
        descriptionId,
        clientId,
        reference: line.reference,
        timeHours: line.hours,
        reviewedParts: line.reviewed,
        rightParts: line.right,
        reworkedParts: line.reworked,
        nokParts: line.nok,
        observations: line.observations,
        createdBy: ids.userIds.get("office") ?? null,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(taskLines).values(rows);
}
