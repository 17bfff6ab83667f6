-- What a document is (the Communications upload asks for it); documents uploaded before have none.
ALTER TABLE deal_documents ADD COLUMN category text CHECK (category IN ('contract', 'invoice', 'identity', 'insurance', 'title', 'other'));
ALTER TABLE customer_documents ADD COLUMN category text CHECK (category IN ('contract', 'invoice', 'identity', 'insurance', 'title', 'other'));
-- Every deal document the reader may see, newest first.
CREATE INDEX deal_documents_created_idx ON deal_documents (created_at DESC, id DESC);
