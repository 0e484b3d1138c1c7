# syntax=docker/dockerfile:1
# The production image: the release that scripts/package.mjs makes (the same list CI's smoke test,
# scripts/prod-smoke.mjs, installs and starts), on Node's slim image, run as the unprivileged `node`
# user. Build and run: docs/operations.md, "Deploy". Followed: Docker and Node.js Best Practices
# (https://github.com/nodejs/docker-node/blob/main/docs/BestPractices.md: NODE_ENV=production, the
# `node` user, CMD with node itself rather than npm, signals handled by the process) and Docker's
# multi-stage builds (https://docs.docker.com/build/building/multi-stage/); HEALTHCHECK as the
# Dockerfile reference has it (https://docs.docker.com/reference/dockerfile/#healthcheck).
#
#   docker build --build-arg COMMIT_SHA=$(git rev-parse --short=12 HEAD) -t kitchaco .

# Node 24: an LTS line (maintained until April 2028), the newest the project is tested on.
ARG NODE_VERSION=24

# ---- build: every dependency, the build, the release with its runtime dependencies installed
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
# The dependencies first, so this layer is rebuilt only when a package.json or the lock changes.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The commit the release reports at /livez and /readyz (the context has no .git folder).
ARG COMMIT_SHA=unknown
# `--install` runs `npm ci --omit=dev` of the server's workspace inside /release, from the npm cache
# the first `npm ci` filled: the runtime stage copies the result and needs no npm run of its own.
RUN npm run build && COMMIT_SHA=${COMMIT_SHA} node scripts/package.mjs /release --install

# ---- runtime: the release only (no compiler, no sources, no dev dependencies)
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG COMMIT_SHA=unknown
LABEL org.opencontainers.image.title="kitchaco" \
      org.opencontainers.image.revision="${COMMIT_SHA}"
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the server: the code cannot be changed by the process it runs as.
COPY --from=build /release ./
# The one folder the server writes to: uploaded meal images (IMAGE_DIR defaults to ./data/images)
# when no S3 bucket is configured. Mount a volume here, shared by every instance.
RUN mkdir -p /app/data/images && chown -R node:node /app/data
USER node
EXPOSE 3000
# Liveness only (/livez never asks the database, so a database outage does not get containers
# restarted in a loop); load balancers use /readyz. The slim image has no curl: Node's fetch asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
