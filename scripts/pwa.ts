// The installable app: the web app manifest and the service worker (Workbox,
// through vite-plugin-pwa), configured for vite.config.ts.
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from '../src/web/pwa/private-data.ts';

export function pwa() {
  return VitePWA({
    // The app registers the worker itself, after first paint (src/web/pwa/), and a
    // new version waits until the user accepts the "Update available" prompt.
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'AstroDash',
      short_name: 'AstroDash',
      description:
        'Astronomy and space news from feeds, video channels, forums, social profiles and the launch schedule, in one dashboard.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The manifest takes one colour; index.html gives the light and dark ones per scheme.
      theme_color: '#0a0e1f',
      background_color: '#0a0e1f',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // The app shell and every chunk, so any page opens offline.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      inlineWorkboxRuntime: true,
      // Shows alerts sent by web push and opens their link (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      // The first install serves the page that registered it (its API answers get cached).
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      sourcemap: false,
      navigateFallback: '/index.html',
      // The private Atom feeds, the iCal subscription and the reader apps' APIs
      // (/api/greader/, /api/fever/) are not pages of the app.
      navigateFallbackDenylist: [
        /^\/_api\//,
        /^\/api\//,
        /^\/ads\.txt$/,
        /^\/feeds\//,
        /^\/calendar\//,
      ],
      runtimeCaching: [
        {
          // Reads only (GET): the network first, the last answer when offline. A call
          // that changes state (POST) never matches, so it always goes to the server.
          // Left out: admin screens (not for reading offline) and the private feeds'
          // list, whose URLs carry secret tokens.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            url.pathname.startsWith('/_api/') &&
            !url.pathname.startsWith('/_api/admin') &&
            !url.pathname.startsWith('/_api/account/private-feeds'),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            // Deleted by the app on sign-out and when another user signs in.
            cacheName: API_CACHE,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 },
          },
        },
      ],
    },
  });
}
