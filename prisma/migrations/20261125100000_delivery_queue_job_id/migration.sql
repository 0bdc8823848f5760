-- The BullMQ job that carries a pending delivery: null means the delivery's own id (the first
-- send). A redelivery or a requeue by the reconciler records its own queue job id here, so the
-- reconciler can tell a delivery whose queue job was lost (Redis restarted without its data).
-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "queue_job_id" VARCHAR(200);
