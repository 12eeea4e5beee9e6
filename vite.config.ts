import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./scripts/vite-precompress";
import { prerender } from "./scripts/vite-prerender";

/** Paths the API server answers; the dev server proxies them and the SW never serves the shell for them. */
const API_PATHS = ["/api", "/get-token", "/jwt", "/sso", "/config.json", "/healthz"];
const API_TARGET = process.env.API_TARGET ?? "http://localhost:8080";

export default defineConfig({
  plugins: [
    // The router plugin generates routeTree.gen.ts and must run before react().
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/client/routes",
      generatedRouteTree: "src/client/routeTree.gen.ts",
    }),
    react(),
    // plugin-react 6 has no babel option: the Lingui macro runs through @rolldown/plugin-babel.
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["icons/apple-touch-icon.png"],
      manifest: {
        name: "Yardline",
        short_name: "Yardline",
        description: "Yard and dock management: trucks, expeditions and receptions.",
        theme_color: "#0b1f33",
        background_color: "#0b1f33",
        display: "standalone",
        start_url: "/dashboard",
        scope: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          {
            src: "/icons/maskable-192.png",
            sizes: "192x192",
            type: "image/png",
            purpose: "maskable",
          },
          {
            src: "/icons/maskable-512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
        shortcuts: [
          {
            name: "Trucks",
            url: "/trucks",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }],
          },
          {
            name: "Expeditions",
            url: "/expeditions",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }],
          },
          {
            name: "Receptions",
            url: "/receptions",
            icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }],
          },
        ],
      },
      workbox: {
        // Every lazy route chunk and all four compiled catalogs: installed devices start offline.
        globPatterns: ["**/*.{js,css,html,png,svg,woff2,ico,webmanifest}"],
        // The prerendered public pages are for first visits from the network; the worker serves
        // the shell (index.html) for those paths and the public boot draws them.
        globIgnores: ["**/node_modules/**/*", "pages/**"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: API_PATHS.map(
          (path) => new RegExp(`^${path.replace(/[.]/g, "\\.")}(?:[/?]|$)`),
        ),
        cleanupOutdatedCaches: true,
        // Background Sync only wakes the page's replayer (src/client/offline/sync-engine.ts);
        // the service worker itself never sends queued changes (it has no session).
        importScripts: ["/sw-background-sync.js"],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === "/config.json",
            handler: "NetworkFirst",
            options: {
              cacheName: "runtime-config",
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 1 },
            },
          },
        ],
      },
    }),
    // The public pages as static HTML in English and Spanish (title, description, lang, words),
    // served by path and vueml-lang cookie (dist/prerendered.json): after the client build,
    // before precompress.
    prerender(),
    // .br and .gz beside every text file, the service worker's included: after VitePWA.
    precompress(),
  ],
  server: {
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_TARGET }])),
  },
  // No source maps: production serves no sources (issue 9, "public surface").
  // manifest: dist/.vite/manifest.json lets `npm run bench` count what /login really loads.
  build: { outDir: "dist", sourcemap: false, manifest: true },
});
