import { defineRuns } from "./support/property-runs";

// First half of the randomized runs (support/property-runs.ts; the second half in -2).
defineRuns(0);
