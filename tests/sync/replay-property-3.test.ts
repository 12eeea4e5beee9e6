import { defineRuns } from "./support/property-runs";

// Third quarter of the randomized runs (support/property-runs.ts), run beside the others.
defineRuns(2);
