-- search_text is filled by the application, not SQL (kana folding needs wanakana): rows written before
-- this migration are filled right after it, by fillSearchText in DbHandle.migrate (decision 051).
ALTER TABLE "members" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "search_text" text;