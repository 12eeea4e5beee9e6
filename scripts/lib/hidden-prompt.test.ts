import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { askHidden, PromptCancelled, type PromptInput } from "./hidden-prompt";

function terminal() {
  const input: PromptInput & PassThrough = Object.assign(new PassThrough(), {
    isTTY: true,
    rawModes: [] as boolean[],
    setRawMode(mode: boolean) {
      this.rawModes.push(mode);
    },
  });
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk: Buffer) => {
    shown += chunk.toString();
  });
  return { input, output, shown: () => shown };
}

describe("askHidden", () => {
  it("reads a line in raw mode without echoing it, backspace included", async () => {
    const t = terminal();
    const answer = askHidden("Password: ", t.input, t.output);
    t.input.write("s3cret-pw");
    t.input.write("X\u007f!\r");
    await expect(answer).resolves.toBe("s3cret-pw!");
    expect(t.shown()).toBe("Password: \n");
    expect((t.input as unknown as { rawModes: boolean[] }).rawModes).toEqual([true, false]);
  });

  it("cancels on Ctrl-C", async () => {
    const t = terminal();
    const answer = askHidden("Password: ", t.input, t.output);
    t.input.write("abc\u0003");
    await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
  });
});
