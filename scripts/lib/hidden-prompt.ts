/**
 * Asks for a secret on a terminal without echoing it (raw mode: no characters, no stars), for
 * `npm run create-admin`. Enter ends it, Backspace takes a character back, Ctrl-C or Ctrl-D
 * cancels (PromptCancelled). A paste arrives as one chunk and is read character by character.
 */
export interface PromptInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export class PromptCancelled extends Error {
  override name = "PromptCancelled";
}

export function askHidden(
  question: string,
  input: PromptInput,
  output: NodeJS.WritableStream,
): Promise<string> {
  // Echo off before the question shows: whoever answers it is never echoed.
  input.setRawMode?.(true);
  output.write(question);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error: Error | null) => {
      input.removeListener("data", handleData);
      input.setRawMode?.(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    function handleData(chunk: string | Buffer) {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n") return finish(null);
        if (char === "\u0003" || char === "\u0004") return finish(new PromptCancelled("cancelled"));
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else if (char >= " ") typed += char;
      }
    }
    input.on("data", handleData);
  });
}
