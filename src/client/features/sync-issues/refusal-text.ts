import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Why a change came back, by the server's answer (translated with i18n._). */
export function refusalText(status: number): MessageDescriptor {
  switch (status) {
    case 412:
      return msg`Someone else changed this line first. Your change was undone.`;
    case 409:
      return msg`The change no longer fits the line's current state.`;
    case 403:
      return msg`You may not make this change.`;
    case 413:
      return msg`The file is larger than the server takes. Add a smaller file.`;
    case 415:
      return msg`The server does not take this type of file.`;
    case 404:
      return msg`This line was deleted meanwhile. Your change could not be saved.`;
    default:
      return msg`The server refused the change.`;
  }
}
