-- The retention sweep (worker, RESULT_RETENTION_DAYS) finds what it removes by age: ended webhook
-- deliveries (status, created_at) and result-cache entries (created_at). Jobs use the existing
-- (status, created_at) index.
-- CreateIndex
CREATE INDEX "webhook_deliveries_status_created_at_idx" ON "webhook_deliveries"("status", "created_at");

-- CreateIndex
CREATE INDEX "result_cache_created_at_idx" ON "result_cache"("created_at");
