-- The column added in 20261123110500 is not needed: deliveries to a job's own webhookUrl are
-- signed with a secret derived from WEBHOOK_SECRET_KEY and the tenant (@moyo/contracts jobWebhookSecret).
-- AlterTable
ALTER TABLE "tenants" DROP COLUMN "webhook_secret_encrypted";

