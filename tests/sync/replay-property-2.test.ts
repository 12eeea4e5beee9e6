import { defineRuns } from "./support/property-runs";

// Second quarter of the randomized runs (support/property-runs.ts), run beside the others.
defineRuns(1);
