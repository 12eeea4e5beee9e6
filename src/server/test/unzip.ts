import { type Entry, fromBuffer } from "yauzl";

/** The entries of a zip (name -> bytes), read with yauzl. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const files = new Map<string, Buffer>();
      archive.on("entry", (entry: Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
          stream.on("error", reject);
        });
      });
      archive.on("end", () => resolve(files));
      archive.on("error", reject);
      archive.readEntry();
    });
  });
}
