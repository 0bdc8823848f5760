-- A followed game's older moves store their job input compactly (setup stones and a few moves)
ALTER TABLE "game_move_analyses" ADD COLUMN "input_compacted" BOOLEAN NOT NULL DEFAULT false;

-- The moves still to compact, found without reading the others (Prisma's schema cannot express a
-- partial index, so it lives here only: migrate diff ignores it)
CREATE INDEX "game_move_analyses_to_compact_idx" ON "game_move_analyses"("game_id", "move_number") WHERE NOT "input_compacted" AND "superseded_in" = 0;
