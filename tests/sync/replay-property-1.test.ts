import { defineRuns } from "./support/property-runs";

// First quarter of the randomized runs (support/property-runs.ts; the others in -2 to -4).
defineRuns(0);
