-- Run once by the postgres image when it creates the database (compose.yaml mounts it into
-- /docker-entrypoint-initdb.d): the limits of the application's role. Behind PgBouncer in
-- transaction mode the server cannot set them on its connections, so the role carries them
-- (docs/operations.md, "Poolers"); migrations lift the statement timeout for their own session.
ALTER ROLE kitchaco SET statement_timeout = '30s';
ALTER ROLE kitchaco SET idle_in_transaction_session_timeout = '60s';
