-- Moves replaced by an undo or a corrected gamedata keep their analysis rows, marked superseded
ALTER TABLE "game_move_analyses" ADD COLUMN "superseded_in" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "superseded_at" TIMESTAMPTZ(3);

DROP INDEX "game_move_analyses_game_id_move_number_key";

CREATE UNIQUE INDEX "game_move_analyses_game_id_move_number_superseded_in_key" ON "game_move_analyses"("game_id", "move_number", "superseded_in");
