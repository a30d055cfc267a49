/**
 * One post in each template version's markup, written from the structure of Forumactif's public
 * default templates (`Etana/template`, `src/<version>/viewtopic_body.tpl`): the same containers,
 * classes and ids around POSTER_NAME, the date, MESSAGE, EDITED_MESSAGE and SIGNATURE.
 */
import type { TemplateVersion } from "../../../shared/forumactif/types.js";

/** A post's template variables, already rendered. */
export interface PostParts {
  readonly id: string;
  /** POSTER_NAME: the styled profile link. */
  readonly name: string;
  readonly avatar: string;
  readonly date: string;
  readonly message: string;
  /** EDITED_MESSAGE, empty when the post was never edited. */
  readonly edited: string;
  /** SIGNATURE(_NEW), empty when none. */
  readonly signature: string;
  readonly subject: string;
  readonly postUrl: string;
  readonly rank: string;
}

const PROFILE_FIELDS = `<span class="label"><span style="color:#4d4d4d;">Messages</span> : </span> 152<br />
<span class="label"><span style="color:#4d4d4d;">Maison</span> : </span> Serdaigle<br />`;

function phpbb2(p: PostParts): string {
  return `<tr class="post post--${p.id}" id="p${p.id}" style="">
  <td class="row1" valign="top" width="150">
    <span class="name"><a name="${p.id}" id="${p.id}"></a><strong>${p.name}</strong></span><br />
    <span class="postdetails poster-profile">${p.rank}<br />${p.avatar}<br /><br />${PROFILE_FIELDS}</span><br />
    <img src="https://illiweb.com/fa/empty.gif" alt="" style="width:150px;height:1px" />
  </td>
  <td class="row1" valign="top" width="100%" height="28">
    <table width="100%" border="0" cellspacing="0" cellpadding="0">
      <tr>
        <td><span class="postdetails"><img src="https://illiweb.com/fa/subsilver/icon_minipost.gif" alt="Message" border="0" />Sujet: ${p.subject}&nbsp; &nbsp;<img src="https://illiweb.com/fa/subsilver/icon_time.gif" alt="" border="0" />${p.date}</span></td>
        <td valign="top" nowrap="nowrap" class="post-options"><a href="/post?p=${p.id}&amp;mode=quote"><img src="https://illiweb.com/fa/subsilver/icon_quote_fr.gif" alt="Citer" /></a></td>
      </tr>
      <tr><td colspan="2" class="hr"><hr /></td></tr>
      <tr>
        <td colspan="2">
          <div class="postbody">
            <div>${p.message}</div>
            <div class="clear"></div>
            ${p.signature ? `<div class="signature_div">${p.signature}</div>` : ""}
          </div>
          <span class="gensmall">${p.edited}</span>
        </td>
      </tr>
    </table>
  </td>
</tr>
<tr class="post--${p.id}" style="">
  <td class="row1 browse-arrows" align="center" valign="middle" width="150"><a href="#top">Revenir en haut</a>&nbsp;<a href="#bottom">Aller en bas</a></td>
  <td class="row1 messaging gensmall" width="100%" height="28"><a href="/u2"><img src="https://illiweb.com/fa/subsilver/icon_profile_fr.gif" alt="Voir le profil de l'utilisateur" /></a></td>
</tr>`;
}

function phpbb3(p: PostParts): string {
  return `<div id="p${p.id}" class="post row1 post--${p.id}" style="">
  <div class="inner"><span class="corners-top"><span></span></span>
  <div id="${p.id}"></div>
  <div class="postbody">
    <ul class="profile-icons"><li><a href="/post?p=${p.id}&amp;mode=quote" title="Répondre en citant"><img src="https://illiweb.com/fa/prosilver/icon_post_quote_fr.png" alt="Répondre en citant" /></a></li></ul>
    <h2 class="topic-title"> <a href="${p.postUrl}">${p.subject}</a></h2>
    <p class="author"><img src="https://illiweb.com/fa/prosilver/icon_minipost.gif" alt="Message" title="Message" />&nbsp;par&nbsp;${p.name} ${p.date}</p>
    <div class="clearfix"></div>
    <div style="display:none"></div>
    <div class="content clearfix">
      <div>${p.message}</div>
    </div>
    ${p.edited}
    ${p.signature ? `<div class="signature_div" id="sig${p.id}">${p.signature}</div>` : ""}
  </div>
  <div class="postprofile" id="profile${p.id}">
    <dl>
      <dt>${p.avatar}<br /><strong style="font-size:1.2em">${p.name}</strong></dt>
      <dd>${p.rank}</dd>
      <dd><br /></dd>
      <dd>${PROFILE_FIELDS}</dd>
    </dl>
  </div>
  <div class="clear"></div>
  <p class="right"><a href="#top">Revenir en haut</a>&nbsp;<a href="#bottom">Aller en bas</a></p>
  <span class="corners-bottom"><span></span></span></div>
</div>
<hr id="first-post-br" />`;
}

function punbb(p: PostParts): string {
  return `<div class="post post--${p.id}" style="">
  <a name="${p.id}" id="${p.id}"></a>
  <div class="postmain">
    <div id="p${p.id}" class="posthead">
      <h2><strong>#1</strong> <a href="${p.postUrl}">${p.subject}</a> ${p.date}</h2>
    </div>
    <div class="postbody">
      <div class="user">
        <div class="user-ident">
          <h4 class="username">${p.name}</h4>
          <div class="user-basic-info">${p.avatar}<br />${p.rank}</div>
        </div>
        <div class="user-info">${PROFILE_FIELDS}</div>
      </div>
      <div class="post-entry">
        <div class="entry-content">
          <div class="vote gensmall"></div>
          <div>
            <div>${p.message}</div>
            <div class="clear"></div>
          </div>
          <p>${p.edited}</p>
        </div>
      </div>
    </div>
    ${p.signature ? `<div class="sig-content">${p.signature}</div>` : ""}
    <div class="postfoot">
      <div class="user-contact profile_left"><a href="/u2"><img src="https://illiweb.com/fa/punbb/icon_profile.png" alt="Profil" /></a></div>
      <div class="post-options profile_left"><a href="/post?p=${p.id}&amp;mode=quote">Citer</a></div>
      <div style="clear:both;"></div>
    </div>
  </div>
</div>`;
}

function invision(p: PostParts): string {
  return `<div id="p${p.id}" class="post clearfix post--${p.id}" style="">
  <div class="post-container">
    <div class="postbody clearfix">
      <div class="postprofile" id="profile${p.id}">
        <div class="postprofile-head post-header">
          <div class="popmenubutton-new-out popmenubutton"><a href="javascript:void(0);">${p.name}</a></div>
        </div>
        <dl class="postprofile-details postdetails">
          <dt>${p.avatar}<br />${p.name}</dt>
          <dd>${p.rank}</dd>
          <dd><br /></dd>
          <dd>${PROFILE_FIELDS}</dd>
        </dl>
      </div>
      <div class="postbody-head postdetails post-header">
        <ul class="post-info"><li></li><li>Message n°1</li></ul>
        <div style="position: relative; top: -30px; width: 1px;" id="${p.id}"></div>
        <h3> <a href="${p.postUrl}">${p.subject}</a></h3>
        <p class="author"><img src="https://illiweb.com/fa/invision/icon_minipost.gif" alt="" />&nbsp;par&nbsp;${p.name} ${p.date}</p>
      </div>
      <div class="post-entry">
        <div class="vote gensmall"></div>
        <div>${p.message}</div>
        <div class="clear"></div>
        ${p.edited}
      </div>
      ${p.signature ? `<br />\n<div id="sig${p.id}" class="signature_div">${p.signature}</div>` : ""}
    </div>
  </div>
  <div class="post-footer clearfix">
    <ul class="misc-icons"><li><a href="#top">Revenir en haut</a></li></ul>
    <ul class="posting-icons"><li><a href="/post?p=${p.id}&amp;mode=quote">Citer</a></li></ul>
  </div>
</div> <!-- closing tag post -->`;
}

function modernbb(p: PostParts): string {
  return `<div id="p${p.id}" class="post row1 post--${p.id}" style="">
  <div style="position: relative; top: -30px; width: 1px;" id="${p.id}"></div>
  <div class="postprofile" id="profile${p.id}">
    <dl>
      <dt>
        <div class="postprofile-avatar">${p.avatar}</div>
        <div class="postprofile-name">${p.name}</div>
        <div class="postprofile-rank">${p.rank}</div>
      </dt>
      <dd class="postprofile-info">${PROFILE_FIELDS}</dd>
      <dd class="postprofile-contact"></dd>
    </dl>
  </div>
  <div class="post-head">
    <ul class="profile-icons"><li class="btn-quote"><a href="/post?p=${p.id}&amp;mode=quote"><i class="ion-quote"></i></a></li></ul>
    <h2 class="topic-title"> <a href="${p.postUrl}">${p.subject}</a></h2>
    <div class="topic-date">
      ${p.date}
    </div>
  </div>
  <div class="postbody">
    <div class="content">
      <div>${p.message}</div>
    </div>
    <div class="edited-message">
      ${p.edited}
    </div>
    ${p.signature ? `<div class="signature_div" id="sig${p.id}">${p.signature}</div>` : ""}
  </div>
</div>`;
}

function awesomebb(p: PostParts): string {
  return `<div id="post-${p.id}" class="post-wrap row1 post--${p.id}">
  <div id="${p.id}" class="post-header">
    <h2><i class="material-icons">description</i> <span><a href="${p.postUrl}">${p.subject}</a></span></h2>
    <div class="mobile-hide post-buttons"><ul><li class="btn-quote"><a href="/post?p=${p.id}&amp;mode=quote">Citer</a></li></ul></div>
  </div>
  <div class="post-body">
    <div class="post">
      <div class="post-content">
        ${p.message}

        ${p.edited}

        ${p.signature ? `<div class="post-signature" id="sig${p.id}">${p.signature}</div>` : ""}
      </div>
      <div class="post-footer">
        <span class="post-date">${p.date}</span>
      </div>
    </div>
    <aside class="post-aside">
      <div class="post-author-status"></div>
      <div class="post-author">
        <span class="post-author-name">
          ${p.name}
        </span>
        <span class="post-author-title">${p.rank}</span>
      </div>
      <div class="post-author-avatar"><div class="avatar-big">${p.avatar}</div></div>
      <dl class="post-author-details"><dt>Maison</dt><dd>Serdaigle</dd></dl>
    </aside>
  </div>
</div>`;
}

function mobile(p: PostParts): string {
  return `<div id="${p.id}" class="topic">
  <div id="p${p.id}" class="post-section row1 post--${p.id}">
    <div class="post-head">
      <div class="post-icon"><i class="material-icons">person</i>${p.avatar}</div>
      <div class="post-info">
        <div class="h3">${p.date}</div>
        <div class="post-details">par ${p.name}</div>
      </div>
    </div>
    <div class="post-content">
      ${p.message}
    </div>
    ${p.edited}
    <ul class="post-buttons"><li></li><li></li></ul>
  </div>
</div>`;
}

/** Each version's post markup. */
export const POST_MARKUP: Readonly<Record<TemplateVersion, (parts: PostParts) => string>> = {
  phpbb2,
  phpbb3,
  punbb,
  invision,
  modernbb,
  awesomebb,
  mobile,
};
