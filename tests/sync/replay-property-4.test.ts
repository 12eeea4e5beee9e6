import { defineRuns } from "./support/property-runs";

// Last quarter of the randomized runs (support/property-runs.ts), run beside the others.
defineRuns(3);
