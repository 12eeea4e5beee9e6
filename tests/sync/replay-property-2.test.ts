import { defineRuns } from "./support/property-runs";

// Second half of the randomized runs (support/property-runs.ts), run beside the first.
defineRuns(1);
