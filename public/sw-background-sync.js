// Imported by the generated service worker (vite.config.ts, workbox importScripts). Plain
// JavaScript because workbox's generateSW copies it as is; it stays this small on purpose.
// When the browser's Background Sync fires for the outbox tag, wake the replayer of every open
// page; the page sends the queued changes with its user's session.
self.addEventListener("sync", (event) => {
  if (event.tag !== "yardline-outbox") return;
  event.waitUntil(
    self.clients.matchAll({ type: "window" }).then((clients) => {
      for (const client of clients) client.postMessage("yardline-replay");
    }),
  );
});
