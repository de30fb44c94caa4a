-- Hand-written: extensions the schema and search rely on. PGlite loads them from its contrib bundle;
-- on PostgreSQL they ship with the server (postgresql-contrib), and creating them needs a superuser
-- or the database owner on PostgreSQL 13+ (both are "trusted" extensions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
