CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"body_html" text,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'stored' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_site_id_id" UNIQUE("site_id","id"),
	CONSTRAINT "mail_outbox_status" CHECK ("mail_outbox"."status" in ('stored', 'pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_locale" CHECK ("mail_outbox"."locale" in ('ja', 'en', 'ko', 'zh-TW')),
	CONSTRAINT "mail_outbox_kind" CHECK ("mail_outbox"."kind" ~ '^[a-z][a-z0-9_]{0,62}$'),
	CONSTRAINT "mail_outbox_sent" CHECK (("mail_outbox"."status" = 'sent') = ("mail_outbox"."sent_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_site_id_clients_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."clients"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_site_created" ON "mail_outbox" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';