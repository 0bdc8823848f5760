# syntax=docker/dockerfile:1
# Moyo images, one multi-stage build. Targets:
#   api (default, last stage) - HTTP gateway; also carries the `moyo` engine CLI
#   worker, ingest            - same runtime, other entry point, no HTTP healthcheck
#   migrate                   - one-shot `prisma migrate deploy` (needs the prisma CLI, a dev dependency)
# Prisma runs offline here (Prisma 6.19.3, Wasm schema engine + @prisma/adapter-pg, see
# prisma.config.ts): nothing downloads an engine binary, so `npm ci --ignore-scripts` is enough.

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

# Only the manifests, so the dependency layers are rebuilt only when they change.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY libs/engine/package.json libs/engine/
COPY libs/engine/bin libs/engine/bin
COPY apps/api/bin apps/api/bin
COPY libs/contracts/package.json libs/contracts/
COPY libs/persistence/package.json libs/persistence/
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/ingest/package.json apps/ingest/

# All dependencies: TypeScript, the prisma CLI.
FROM manifests AS deps
RUN npm ci --ignore-scripts

# Production dependencies only, for the runtime images (see the script for why it prunes).
FROM manifests AS prod-deps
COPY scripts/infra-prune-dev-optional.js scripts/
RUN npm ci --omit=dev --ignore-scripts \
 && node scripts/infra-prune-dev-optional.js \
 && npm cache clean --force

FROM deps AS build
COPY tsconfig.base.json tsconfig.build.json tsconfig.json prisma.config.ts ./
COPY prisma prisma
COPY libs libs
COPY apps apps
# The generated client lands in libs/persistence/src/generated and is compiled with the rest.
RUN npm run prisma:generate && npm run build

# One-shot migrations: `docker compose run migrate`, or the Kubernetes migration Job.
FROM build AS migrate
ENV NODE_ENV=production \
    CHECKPOINT_DISABLE=1
USER node
CMD ["node", "node_modules/prisma/build/index.js", "migrate", "deploy"]

FROM base AS runtime
ENV NODE_ENV=production
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=manifests /app/ ./
COPY --from=build /app/libs/engine/dist libs/engine/dist
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/persistence/dist libs/persistence/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/worker/dist apps/worker/dist
COPY --from=build /app/apps/ingest/dist apps/ingest/dist
# The package bins on PATH: `docker run -i IMAGE moyo analyze - < game.sgf` (the node image's
# entrypoint executes commands found on PATH), `docker compose exec api moyo-admin keys create`.
RUN ln -s /app/libs/engine/bin/moyo.js /usr/local/bin/moyo \
 && ln -s /app/apps/api/bin/moyo-admin.js /usr/local/bin/moyo-admin \
 && chmod 0755 /app/libs/engine/bin/moyo.js /app/apps/api/bin/moyo-admin.js
# The node image's unprivileged user (uid 1000); Kubernetes pins the same uid.
USER node

FROM runtime AS worker
HEALTHCHECK NONE
CMD ["node", "apps/worker/dist/main.js"]

FROM runtime AS ingest
HEALTHCHECK NONE
CMD ["node", "apps/ingest/dist/main.js"]

FROM runtime AS api
ENV PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
