/** What the reader must give back for a model post: the model itself, without what is not the post's. */
import type { TopicPost } from "../../shared/forumactif/types.js";
import type { ModelPost } from "../support/forumactif/model.js";

export function expectedPost(post: ModelPost): TopicPost {
  return {
    postId: post.postId,
    authorId: post.authorId,
    authorName: post.authorName,
    createdAt: post.createdAt,
    html: post.html,
    edited: post.edited ? { by: post.edited.by, at: post.edited.at, count: post.edited.count } : null,
  };
}
