-- AlterTable
ALTER TABLE "game_streams" ADD COLUMN     "analyses" TEXT[],
ADD COLUMN     "tenant_id" UUID,
ADD COLUMN     "webhook_url" TEXT;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "idempotency_key" VARCHAR(200),
ADD COLUMN     "progress" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "webhook_url" TEXT;

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "tenant_id" UUID,
ADD COLUMN     "url" TEXT NOT NULL,
ALTER COLUMN "webhook_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "result_cache" (
    "key" VARCHAR(128) NOT NULL,
    "result" JSONB NOT NULL,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_hit_at" TIMESTAMPTZ(3),

    CONSTRAINT "result_cache_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempt" INTEGER NOT NULL,
    "response_code" INTEGER,
    "latency_ms" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_id_attempt_key" ON "webhook_delivery_attempts"("delivery_id", "attempt");

-- CreateIndex
CREATE INDEX "game_streams_tenant_id_created_at_idx" ON "game_streams"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "jobs_tenant_id_status_created_at_idx" ON "jobs"("tenant_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "jobs_tenant_id_idempotency_key_key" ON "jobs"("tenant_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "webhook_deliveries_tenant_id_created_at_idx" ON "webhook_deliveries"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_job_id_idx" ON "webhook_deliveries"("job_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_streams" ADD CONSTRAINT "game_streams_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

