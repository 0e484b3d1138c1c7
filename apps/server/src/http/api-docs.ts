import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document, as JSON; the reference page reads it from here. */
export const API_DOCUMENT_URL = '/api/docs.json';
/** The readable API reference: Swagger UI, every file of it served by this server. */
export const API_DOCS_PAGE = '/api/docs';
const ASSETS = `${API_DOCS_PAGE}/assets/`;

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const SWAGGER_UI_FILES = new Set(['/swagger-ui-bundle.js', '/swagger-ui.css', '/favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kitchaco API reference</title>
    <link rel="stylesheet" href="${ASSETS}swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS}favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PAGE}/start.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the page's CSP allows scripts from this origin only.
// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_DOCUMENT_URL)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

function swaggerUiRoot(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * `GET /api/docs.json`: the OpenAPI document. `GET /api/docs`: Swagger UI reading it, its script and
 * styles from swagger-ui-dist in node_modules, so the page works offline and fetches nothing from
 * another origin (its CSP, in security-headers.ts, allows nothing else).
 */
export async function registerApiDocs(app: FastifyInstance, document: unknown): Promise<void> {
  app.get(API_DOCUMENT_URL, async () => document);
  await app.register(async (docs) => {
    // The bundle is 1.7 MB, far less gzipped. Only this plugin's routes are compressed.
    await docs.register(fastifyCompress, { encodings: ['gzip'], globalDecompression: false });
    docs.get(API_DOCS_PAGE, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
    );
    docs.get(`${API_DOCS_PAGE}/start.js`, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(START),
    );
    await docs.register(fastifyStatic, {
      root: swaggerUiRoot(),
      prefix: ASSETS,
      decorateReply: false,
      index: false,
      allowedPath: (path) => SWAGGER_UI_FILES.has(path),
      // Not content-hashed: max-age=0, revalidated by ETag (304 until the package changes).
    });
  });
}
