-- AlterTable
ALTER TABLE "tenants" ADD COLUMN     "webhook_secret_encrypted" TEXT;

-- AlterTable
ALTER TABLE "batches" ADD COLUMN     "idempotency_key" VARCHAR(200),
ADD COLUMN     "job_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "request_hash" VARCHAR(128);

-- CreateIndex
CREATE UNIQUE INDEX "batches_tenant_id_idempotency_key_key" ON "batches"("tenant_id", "idempotency_key");

