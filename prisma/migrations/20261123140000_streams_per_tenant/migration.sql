-- Every tenant may follow any OGS game: a stream is unique per (tenant, game), no longer per game.
-- DropForeignKey
ALTER TABLE "game_streams" DROP CONSTRAINT "game_streams_tenant_id_fkey";

-- DropIndex
DROP INDEX "game_streams_ogs_game_id_key";

-- CreateIndex
CREATE UNIQUE INDEX "game_streams_tenant_id_ogs_game_id_key" ON "game_streams"("tenant_id", "ogs_game_id");

-- Auto-followed streams (no tenant) stay one per game. NULLs are distinct in the index above, and
-- Prisma's schema cannot express a partial index, so it lives here only (migrate diff ignores it).
CREATE UNIQUE INDEX "game_streams_auto_ogs_game_id_key" ON "game_streams"("ogs_game_id") WHERE "tenant_id" IS NULL;

-- A removed tenant's streams go with it instead of becoming auto-followed ones.
-- AddForeignKey
ALTER TABLE "game_streams" ADD CONSTRAINT "game_streams_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
