# syntax=docker/dockerfile:1
# Atrium: one image for every role. See docs/deploy.md.
#   docker build -t atrium .
#   docker run -p 3000:3000 -v atrium-data:/data atrium                      # all-in-one on PGlite
#   docker run -e DATABASE_URL=… -e AUTH_SECRET=… atrium                     # web + jobs on PostgreSQL
#   docker run -e DATABASE_URL=… -e AUTH_SECRET=… atrium node dist/server/main.js --role=worker

ARG NODE_IMAGE=node:20-bookworm-slim

# --- dependencies (dev included: the build needs vite, react-router dev, esbuild) -------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# --- build, then drop the dev dependencies ------------------------------------------------------
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && test -f dist/server/main.js && test -f build/server/index.js && test -d dist/server/migrations

# --- runtime ----------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The code stays owned by root and read-only to the process; only DATA_DIR is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
# PGlite's files (without DATABASE_URL), generated secrets (without AUTH_SECRET), stored files.
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers before any host or database lookup. Worker-only containers (--role=worker)
# serve no HTTP: disable this check for them (compose.yaml does).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The working directory matters: the server loads build/server/index.js and build/client from it.
CMD ["node", "dist/server/main.js"]
