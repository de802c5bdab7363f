-- Consumer self-service (D17).

-- The grant access log: one row per successful GET /sessions/{id}/data. A grant's last_accessed_at
-- and access_count are read from here (max and count on the index), not kept in a second place.
create table grant_accesses (
    id          uuid primary key,
    grant_id    uuid not null references grants (id),
    consumer_id uuid not null references users (id),
    client_id   varchar(200) not null,
    categories  varchar(200) not null,
    accessed_at timestamp with time zone not null
);
create index grant_accesses_grant on grant_accesses (grant_id, accessed_at desc, id desc);

-- The consumer's documents: metadata here, bytes in document_contents, written in one transaction
-- so that every node sees a document whole or not at all. The storage location never leaves the
-- server (spec: storage_path is never returned).
create table consumer_documents (
    id            uuid primary key,
    consumer_id   uuid not null references users (id),
    doc_type      varchar(40)  not null,
    file_name     varchar(255) not null,
    content_type  varchar(100) not null,
    size_bytes    bigint       not null,
    sha256        varchar(64)  not null,
    document_date date,
    expires_on    date,
    created_at    timestamp with time zone not null
);
create index consumer_documents_consumer on consumer_documents (consumer_id, created_at desc, id desc);

create table document_contents (
    document_id uuid primary key references consumer_documents (id) on delete cascade,
    content     bytea not null
);

-- The secret that signs document download links (D17), made once by the first node that needs it
-- and shared by all nodes through the database. Whoever can read it can read the documents too, so
-- it is not sealed under the master key.
create table document_link_keys (
    id     integer primary key,
    secret varchar(100) not null
);
